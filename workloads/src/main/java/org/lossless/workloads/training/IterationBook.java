package org.lossless.workloads.training;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a finished iteration's node times (every rank's {@link RankRun}) into its {@link Breakdown}s, its
 * {@link CriticalPath} and the timeline entries.
 *
 * <p>Attribution of a rank's idle compute stream: between two compute nodes (and before the first, and after the
 * last until the rank's last node ends) the GPU waits for what made the next compute node ready. Walking back from
 * that node's cause: a call's running time (from its last member's arrival to its end) is exposed communication of
 * its kind; the time the rank waited at the call for its partners, and anything before the chain reaches the gap's
 * start through no call, is bubble; from the rank's last node to the end of the iteration is bubble too.
 */
final class IterationBook {
    private final RankRun[] runs;
    private final Call[][] callOf;
    private final long t0;
    private final long tEnd;

    /**
     * @param callOf each rank's call per communication node (null for compute)
     * @param t0     the iteration's start, ps
     * @param tEnd   the iteration's end (the last node of any rank), ps
     */
    IterationBook(RankRun[] runs, Call[][] callOf, long t0, long tEnd) {
        this.runs = runs;
        this.callOf = callOf;
        this.t0 = t0;
        this.tEnd = tEnd;
    }

    /** Rank {@code r}'s breakdown; its parts add up to the iteration's duration. */
    Breakdown breakdown(int r) {
        RankRun run = runs[r];
        RankGraph g = run.g;
        long[] exposed = new long[CommKind.values().length];
        long[] acc = new long[2];
        int[] order = computeOrder(run);
        long cursor = t0;
        for (int c : order) {
            long s = run.start[c];
            long e = run.end[c];
            if (s > cursor) {
                attribute(r, cursor, s, run.cause[c], exposed, acc);
            }
            acc[0] += Math.max(0, e - Math.max(s, cursor));
            cursor = Math.max(cursor, e);
        }
        if (run.finishedPs > cursor) {
            attribute(r, cursor, run.finishedPs, lastEnded(run), exposed, acc);
            cursor = run.finishedPs;
        }
        acc[1] += tEnd - cursor;
        if (g.size == 0) {
            return new Breakdown(0, exposed, tEnd - t0);
        }
        return new Breakdown(acc[0], exposed, acc[1]);
    }

    /** Compute nodes in start order (node order among equal starts). */
    private static int[] computeOrder(RankRun run) {
        RankGraph g = run.g;
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < g.size; i++) {
            if (g.kind[i] == NodeKind.COMPUTE.ordinal()) {
                ids.add(i);
            }
        }
        ids.sort((a, b) -> run.start[a] != run.start[b] ? Long.compare(run.start[a], run.start[b]) : Integer.compare(a, b));
        return ids.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int lastEnded(RankRun run) {
        int best = -1;
        for (int i = 0; i < run.g.size; i++) {
            if (best < 0 || run.end[i] >= run.end[best]) {
                best = i;
            }
        }
        return best;
    }

    /** Splits the idle interval [a, b] of rank r, which waited for node x, into exposed kinds and bubble. */
    private void attribute(int r, long a, long b, int x, long[] exposed, long[] acc) {
        RankRun run = runs[r];
        RankGraph g = run.g;
        long cur = b;
        while (cur > a && x >= 0 && g.kind[x] != NodeKind.COMPUTE.ordinal()) {
            long e = Math.min(cur, run.end[x]);
            acc[1] += cur - e;
            cur = e;
            long s = Math.max(a, run.start[x]);
            if (cur > s) {
                exposed[g.commKind[x]] += cur - s;
                cur = s;
            }
            long w = Math.max(a, run.ready[x]);
            if (cur > w) {
                acc[1] += cur - w;
                cur = w;
            }
            x = run.cause[x];
        }
        if (cur > a) {
            acc[1] += cur - a;
        }
    }

    /** The breakdown averaged over ranks: parts rounded down to ps, the bubble takes the rest. */
    Breakdown mean() {
        int n = runs.length;
        long compute = 0;
        long[] exposed = new long[CommKind.values().length];
        for (int r = 0; r < n; r++) {
            Breakdown b = breakdown(r);
            compute += b.computePs();
            for (int k = 0; k < exposed.length; k++) {
                exposed[k] += b.exposedPs()[k];
            }
        }
        long sum = compute / n;
        for (int k = 0; k < exposed.length; k++) {
            exposed[k] /= n;
            sum += exposed[k];
        }
        return new Breakdown(compute / n, exposed, Math.max(0, (tEnd - t0) - sum));
    }

    /** Walks the critical path back from the node that ended last; {@code mark[r]}, when not null, flags its nodes. */
    CriticalPath criticalPath(boolean[][] mark) {
        int r = -1;
        int x = -1;
        for (int q = 0; q < runs.length; q++) {
            int last = runs[q].g.size == 0 ? -1 : lastEnded(runs[q]);
            if (last >= 0 && (r < 0 || runs[q].end[last] > runs[r].end[x])) {
                r = q;
                x = last;
            }
        }
        long compute = 0;
        long other = 0;
        long[] comm = new long[CommKind.values().length];
        List<Integer> visited = new ArrayList<>();
        long cur = tEnd;
        while (x >= 0) {
            RankRun run = runs[r];
            if (mark != null && mark[r] != null) {
                mark[r][x] = true;
            }
            if (visited.isEmpty() || visited.get(visited.size() - 1) != r) {
                visited.add(r);
            }
            other += Math.max(0, cur - run.end[x]);
            cur = Math.min(cur, run.end[x]);
            if (run.g.kind[x] == NodeKind.COMPUTE.ordinal()) {
                compute += cur - run.start[x];
                cur = run.start[x];
                x = run.cause[x];
                continue;
            }
            Call call = callOf[r][x];
            comm[run.g.commKind[x]] += cur - call.startPs;
            cur = call.startPs;
            int member = call.lastMember;
            int nr = call.ranks[member];
            int nx = call.nodes[member];
            if (mark != null && mark[nr] != null) {
                mark[nr][nx] = true;
            }
            r = nr;
            x = runs[nr].cause[nx];
        }
        other += cur - t0;
        int[] ranks = new int[visited.size()];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = visited.get(ranks.length - 1 - i);
        }
        return new CriticalPath(compute, comm, other, ranks);
    }
}
