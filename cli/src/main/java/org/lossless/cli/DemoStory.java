package org.lossless.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.experiments.metrics.PauseEdge;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.TelemetryConfig;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.traffic.JobIteration;

/**
 * What the demo tells a newcomer, every number from the two runs (never typed by hand, so the text stays true
 * whatever the model's defaults become): the story (the job, and the other traffic that lands on it), the job's
 * iterations against the same job alone on this fabric (the scenario run again without the other workloads,
 * {@link #alone}) and against its ideal, and why: the PFC pauses, ECN marks and CNPs of the run, the CNPs the job's
 * senders received per iteration, and for an iteration that met no pause and no CNP yet ran slower than alone, its
 * slowest message.
 */
final class DemoStory {
    /** An iteration this many times its time alone or more is called slower. */
    static final double SLOWER = 1.2;

    private DemoStory() {
    }

    /**
     * The scenario with only the workloads of its jobs ({@code jobs}: collectives and other programs that report
     * iterations) and no telemetry: the same job alone on the same fabric; null when nothing would be left out.
     */
    static Scenario alone(Scenario s, Set<String> jobs) {
        List<WorkloadConfig> kept = s.workloads().stream().filter(w -> jobs.contains(w.name())).toList();
        if (kept.isEmpty() || kept.size() == s.workloads().size()) {
            return null;
        }
        TelemetryConfig quiet = new TelemetryConfig(s.telemetry().sampleIntervalPs(),
                TelemetryConfig.Selection.nothing(), TelemetryConfig.Selection.nothing(), false,
                TelemetryConfig.Selection.nothing());
        return new Scenario(s.name(), s.seed(), s.stopTimePs(), s.topology(), s.switchModel(), s.nic(), kept, quiet,
                s.routing(), s.failures(), s.metrics(), s.baseDir(), s.workloadCc(), s.workloadTransport(), s.fabric());
    }

    /** The job names of the scenario: its collectives (whose workload name is the job's). */
    static Set<String> jobNames(Scenario s) {
        Set<String> out = new TreeSet<>();
        s.workloads().stream().filter(w -> w instanceof WorkloadConfig.Collective).forEach(w -> out.add(w.name()));
        return out;
    }

    /**
     * The lines, each starting with two spaces; empty when the run has no job.
     *
     * @param run   the demo's run
     * @param alone the same scenario without the other workloads ({@link #alone}), or null
     * @param cc    the scenario's {@code nic.cc} (a hint on DCQCN's recovery is given under DCQCN only)
     */
    static List<String> lines(RunResult run, RunResult alone, String cc) {
        List<String> out = new ArrayList<>();
        if (run.jobs().isEmpty()) {
            return out;
        }
        String job = run.jobs().get(0).job();
        List<JobIteration> its = run.jobs().stream().filter(j -> j.job().equals(job)).toList();
        JobIteration first = its.get(0);
        Set<Integer> jobHosts = new TreeSet<>();
        run.flows().stream().filter(f -> f.workload().equals(job)).forEach(f -> {
            jobHosts.add(f.src());
            jobHosts.add(f.dst());
        });
        List<String> others = run.flows().stream().map(FlowResult::workload).filter(w -> !w.equals(job)).distinct()
                .toList();
        StringBuilder story = new StringBuilder(String.format(Locale.ROOT, "  the story: job %s (%s %s of %,d B over "
                + "%d hosts, %d %s)", job, "aeiou".indexOf(first.type().charAt(0)) >= 0 ? "an" : "a", first.type(),
                first.sizeBytes(), first.hosts(), its.size(), its.size() == 1 ? "iteration" : "iterations"));
        List<String> traffic = new ArrayList<>();
        for (String w : others) {
            traffic.add(traffic(run, w, jobHosts));
        }
        if (!traffic.isEmpty()) {
            story.append(" shares the fabric with ").append(String.join(" and ", traffic));
        }
        out.add(story.toString());
        List<JobIteration> aloneIts = alone == null ? List.of() : alone.jobs().stream().filter(j -> j.job().equals(job))
                .toList();
        JobIdeal ideal = run.ideal(job);
        StringBuilder vs = new StringBuilder(String.format(Locale.ROOT, "  %s per iteration: %s ms", job,
                times(its)));
        if (!aloneIts.isEmpty() && !others.isEmpty()) {
            vs.append(String.format(Locale.ROOT, " against %s ms alone on this fabric (the same job without %s, "
                    + "simulated too)", times(aloneIts), String.join(" and ", others)));
            List<String> ratios = new ArrayList<>();
            for (JobIteration it : its) {
                JobIteration a = match(aloneIts, it.iteration());
                if (it.finished() && a != null && a.finished() && a.durationPs() > 0) {
                    ratios.add(String.format(Locale.ROOT, "%.2fx", (double) it.durationPs() / a.durationPs()));
                }
            }
            if (!ratios.isEmpty()) {
                vs.append(": ").append(String.join(", ", ratios)).append(" as long");
            }
        }
        if (ideal != null && ideal.durationPs(first.iteration()) > 0) {
            vs.append(String.format(Locale.ROOT, "; ideal %.3f ms", ideal.durationPs(first.iteration()) / 1e9));
        }
        out.add(vs.toString());
        out.add(why(run, job, its, others));
        String after = after(run, job, its, aloneIts, others, "dcqcn".equals(cc));
        if (after != null) {
            out.add(after);
        }
        return out;
    }

    /** "incast (8 flows, 16,000,000 B in all, into host 5, one of the job's hosts, from 0.200 ms)". */
    private static String traffic(RunResult run, String w, Set<Integer> jobHosts) {
        List<FlowResult> fs = run.flows().stream().filter(f -> f.workload().equals(w)).toList();
        Set<Integer> dst = new TreeSet<>();
        fs.forEach(f -> dst.add(f.dst()));
        long bytes = fs.stream().mapToLong(FlowResult::sizeBytes).sum();
        long start = fs.stream().mapToLong(FlowResult::startPs).min().orElse(0);
        boolean intoJob = jobHosts.containsAll(dst);
        String into = dst.size() <= 3 ? (dst.size() == 1 ? "host " : "hosts ") + join(dst) : dst.size() + " hosts";
        return String.format(Locale.ROOT, "%s (%,d %s, %,d B in all, into %s%s, from %.3f ms)", w, fs.size(),
                fs.size() == 1 ? "flow" : "flows", bytes, into, intoJob ? (dst.size() == 1 ? ", one of the job's hosts"
                : ", the job's hosts") : "", start / 1e9);
    }

    /**
     * "why: while incast ran (0.200 to 2.685 ms) the switches sent 446 PFC pause frames (...) and ECN-marked 2,675
     * packets; the job's senders received 506 CNPs, each telling DCQCN to cut a rate: 506 in iteration 1, 0 in 2".
     */
    private static String why(RunResult run, String job, List<JobIteration> its, List<String> others) {
        StringBuilder sb = new StringBuilder("  why: ");
        List<FlowResult> other = run.flows().stream().filter(f -> others.contains(f.workload())).toList();
        if (!other.isEmpty()) {
            long start = other.stream().mapToLong(FlowResult::startPs).min().orElse(0);
            long end = other.stream().mapToLong(f -> f.finished() ? f.finishPs() : run.simTimePs()).max().orElse(0);
            sb.append(String.format(Locale.ROOT, "while %s ran (%.3f to %.3f ms) ", String.join(" and ", others),
                    start / 1e9, end / 1e9));
        }
        long roots = run.pauseGraph() == null ? 0 : run.pauseGraph().rootPauses();
        long propagated = run.pauseGraph() == null ? 0 : run.pauseGraph().propagatedPauses();
        int depth = run.pauseGraph() == null ? 0 : run.pauseGraph().maxDepth();
        String episodes = propagated == 0 ? String.format(Locale.ROOT, "%,d pauses, none propagated to the switch "
                + "upstream", roots) : String.format(Locale.ROOT, "%,d root and %,d propagated pauses, chains of up to "
                + "%d hops", roots, propagated, depth);
        sb.append(String.format(Locale.ROOT, "the fabric sent %,d PFC pause frames (%s; %.3f ms paused summed over "
                + "ports) and ECN-marked %,d packets; ", run.pauseFrames(), episodes, run.pausedPs() / 1e9,
                run.ecnMarked()));
        List<String> per = new ArrayList<>();
        long all = 0;
        for (JobIteration it : its) {
            long c = cnps(run, job, it.iteration());
            all += c;
            per.add(String.format(Locale.ROOT, "%,d in the %s iteration", c, ordinal(it.iteration())));
        }
        sb.append(String.format(Locale.ROOT, "the job's senders received %,d CNPs, each a request to cut their rate "
                + "(%s)", all, String.join(", ", per)));
        return sb.toString();
    }

    /**
     * For the first iteration that began after the other traffic had finished, met no pause and no CNP, and still ran
     * {@link #SLOWER} times its time alone or more: that, and its slowest data message against its ideal FCT. Null
     * when there is none.
     */
    private static String after(RunResult run, String job, List<JobIteration> its, List<JobIteration> aloneIts,
                                List<String> others, boolean dcqcn) {
        long otherEnd = run.flows().stream().filter(f -> others.contains(f.workload()))
                .mapToLong(f -> f.finished() ? f.finishPs() : Long.MAX_VALUE).max().orElse(Long.MAX_VALUE);
        for (JobIteration it : its) {
            JobIteration a = match(aloneIts, it.iteration());
            if (!it.finished() || a == null || !a.finished() || it.startPs() < otherEnd
                    || it.durationPs() < SLOWER * a.durationPs() || pauses(run, it) > 0
                    || cnps(run, job, it.iteration()) > 0) {
                continue;
            }
            FlowResult slowest = run.flows().stream().filter(f -> f.workload().equals(job)
                    && f.label().iteration() == it.iteration() && f.label().data() && f.finished()
                    && f.idealFctPs() > 0).max(java.util.Comparator.comparingDouble(FlowResult::slowdown)).orElse(null);
            return String.format(Locale.ROOT, "  the %s iteration began %.3f ms after the last byte of %s, met no PFC "
                    + "pause and no CNP, and still took %.2fx its time alone%s", ordinal(it.iteration()),
                    (it.startPs() - otherEnd) / 1e9, String.join(" and ", others),
                    (double) it.durationPs() / a.durationPs(), slowest == null ? ""
                    : String.format(Locale.ROOT, ": its slowest message took %.1fx its ideal time%s", slowest.slowdown(),
                    dcqcn ? " (a sender whose rate DCQCN cut earlier raises it again step by step: "
                    + "docs/dcqcn-profiles.md)" : ""));
        }
        return null;
    }

    /** CNPs received by the senders of the job's messages of iteration {@code i} (flows.csv {@code cnps}). */
    static long cnps(RunResult run, String job, int i) {
        return run.flows().stream().filter(f -> f.workload().equals(job) && f.label().iteration() == i)
                .mapToLong(FlowResult::cnps).sum();
    }

    /** Pause episodes that were held at some time during the iteration. */
    static long pauses(RunResult run, JobIteration it) {
        if (run.pauseGraph() == null) {
            return 0;
        }
        long end = it.finished() ? it.finishPs() : run.simTimePs();
        return run.pauseGraph().edges().stream().filter((PauseEdge e) -> e.timePs() < end
                && (e.endPs() < 0 || e.endPs() > it.startPs())).count();
    }

    /** "first", "second", ... for jobs.csv's iteration 0, 1, ... ("11th" beyond the tenth). */
    static String ordinal(int iteration) {
        String[] words = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"};
        if (iteration < words.length) {
            return words[iteration];
        }
        int n = iteration + 1;
        String suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
        return n + suffix;
    }

    private static JobIteration match(List<JobIteration> its, int iteration) {
        return its.stream().filter(j -> j.iteration() == iteration).findFirst().orElse(null);
    }

    /** "6.166, 4.945" (ms, unfinished iterations "-"). */
    private static String times(List<JobIteration> its) {
        List<String> t = new ArrayList<>();
        for (JobIteration it : its) {
            t.add(it.finished() ? String.format(Locale.ROOT, "%.3f", it.durationPs() / 1e9) : "-");
        }
        return String.join(", ", t);
    }

    private static String join(Set<Integer> s) {
        List<String> t = new ArrayList<>();
        s.forEach(i -> t.add(Integer.toString(i)));
        return String.join(", ", t);
    }
}
