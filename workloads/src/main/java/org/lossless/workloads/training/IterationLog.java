package org.lossless.workloads.training;

import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.traffic.JobIteration;

/**
 * A training job's results as its iterations end: the {@code jobs.csv} rows, the {@link TrainingIteration}s
 * (breakdowns, per-kind figures, critical path, checkpoint time) and the timeline entries.
 *
 * <p>A {@code jobs.csv} row of a training job: {@code size_bytes} is the payload the job's calls put on the fabric
 * in the iteration (network messages of every collective and transfer, the clear-to-send messages left out; NVLink
 * transfers are not on the fabric), so algbw is its mean fabric throughput; no busbw ({@link JobIteration#NO_BUSBW}:
 * bus bandwidth is a collective's figure; the per-kind busbw is in {@link KindFigures}).
 */
final class IterationLog {
    private final TrainingJob job;
    private final List<JobIteration> rows = new ArrayList<>();
    private final List<TrainingIteration> iterations = new ArrayList<>();
    private final List<TimelineEntry> timeline = new ArrayList<>();
    private boolean[] onTimeline;
    private final int kinds = CommKind.values().length;
    private long[] calls = new long[kinds];
    private long[] bytes = new long[kinds];
    private long[] callPs = new long[kinds];
    private double[] weighted = new double[kinds];
    private long fabricBytes;
    private boolean checkpointPending;
    private String stalled;
    private long stalledStart = -1;

    IterationLog(TrainingJob job) {
        this.job = job;
    }

    /** Which ranks keep node labels and go to the timeline (none when the job keeps no timeline). */
    boolean[] timelineRanks(TrainingSource source) {
        if (onTimeline == null) {
            onTimeline = new boolean[source.ranks()];
            if (job.timeline()) {
                for (int r : source.timelineRanks()) {
                    onTimeline[r] = true;
                }
            }
        }
        return onTimeline;
    }

    void call(Call c) {
        int k = c.kind.ordinal();
        calls[k]++;
        bytes[k] += c.algBytes();
        callPs[k] += c.endPs - c.startPs;
        weighted[k] += c.algBytes() * c.busbwFactor();
    }

    void fabricBytes(long b) {
        fabricBytes += b;
    }

    void iterationEnded(IterationBook book, RankRun[] runs, int iteration, long start, long end, TrainingSource source) {
        boolean[][] marks = new boolean[runs.length][];
        int[] lanesRanks = job.timeline() ? source.timelineRanks() : new int[0];
        for (int r : lanesRanks) {
            marks[r] = new boolean[runs[r].g.size()];
        }
        CriticalPath path = book.criticalPath(marks);
        List<TrainingIteration.Lane> lanes = new ArrayList<>();
        for (int r : lanesRanks) {
            lanes.add(new TrainingIteration.Lane(source.lane(r), r, book.breakdown(r)));
            entries(runs[r], r, source.lane(r), iteration, marks[r]);
        }
        List<KindFigures> figures = new ArrayList<>();
        for (CommKind k : CommKind.values()) {
            int i = k.ordinal();
            if (calls[i] > 0) {
                double busbw = callPs[i] > 0 ? weighted[i] / (callPs[i] / 1e12) / 1e9 : Double.NaN;
                figures.add(new KindFigures(k, calls[i], bytes[i], callPs[i], busbw));
            }
        }
        iterations.add(new TrainingIteration(job.name(), iteration, end - start, book.mean(), figures, lanes, path, 0,
                null));
        rows.add(new JobIteration(job.name(), iteration, job.type(), runs.length, fabricBytes, start, end,
                JobIteration.NO_BUSBW));
        calls = new long[kinds];
        bytes = new long[kinds];
        callPs = new long[kinds];
        weighted = new double[kinds];
        fabricBytes = 0;
    }

    private void entries(RankRun run, int rank, String lane, int iteration, boolean[] critical) {
        RankGraph g = run.g;
        for (int i = 0; i < g.size(); i++) {
            NodeKind k = g.kind(i);
            String kind = k == NodeKind.COMPUTE ? "compute" : g.commKind(i).key();
            String op = switch (k) {
                case COMPUTE -> "compute";
                case COLLECTIVE -> g.collective(i).key();
                case SEND -> "send";
                case RECV -> "recv";
            };
            timeline.add(new TimelineEntry(job.name(), iteration, lane, rank, i, kind, op, g.name(i), g.stream(i),
                    run.ready[i], run.start[i], run.end[i], k == NodeKind.COMPUTE ? 0 : g.value(i), critical[i]));
        }
    }

    void checkpointStarted() {
        checkpointPending = true;
    }

    /** The blocking checkpoint after the last ended iteration took {@code ps}. */
    void checkpointEnded(long ps) {
        checkpointPending = false;
        TrainingIteration t = iterations.remove(iterations.size() - 1);
        iterations.add(new TrainingIteration(t.job(), t.iteration(), t.durationPs(), t.mean(), t.kinds(), t.lanes(),
                t.criticalPath(), ps, t.problem()));
    }

    void stalled(String problem, long start) {
        stalled = problem;
        stalledStart = start;
    }

    /** The rows: every ended iteration, then the one running (or stalled) since {@code runningStart}, unfinished. */
    List<JobIteration> rows(long runningStart, int iteration) {
        List<JobIteration> out = new ArrayList<>(rows);
        long start = stalled != null ? stalledStart : runningStart;
        if (start >= 0) {
            out.add(new JobIteration(job.name(), iteration, job.type(), job.hostOfRank().length, fabricBytes, start, -1,
                    JobIteration.NO_BUSBW));
        }
        return out;
    }

    /** The iterations: every ended one, then the running or stalled one with {@code runningProblem}. */
    List<TrainingIteration> iterations(String runningProblem, int iteration) {
        List<TrainingIteration> out = new ArrayList<>(iterations);
        if (checkpointPending && !out.isEmpty()) {
            TrainingIteration t = out.remove(out.size() - 1);
            out.add(new TrainingIteration(t.job(), t.iteration(), t.durationPs(), t.mean(), t.kinds(), t.lanes(),
                    t.criticalPath(), 0, "the checkpoint after iteration " + t.iteration()
                    + " did not finish before the run ended"));
        }
        String problem = stalled != null ? stalled : runningProblem;
        if (problem != null) {
            out.add(new TrainingIteration(job.name(), iteration, -1, null, List.of(), List.of(), null, 0, problem));
        }
        return out;
    }

    List<TimelineEntry> timeline() {
        return List.copyOf(timeline);
    }
}
