package org.lossless.workloads.training;

import java.util.Arrays;

/**
 * One rank's progress through its {@link RankGraph} in one iteration: which nodes may start (dependencies ended,
 * first unfinished node of their stream), and when each became ready, started and ended.
 *
 * <p>{@code ready[i]}: when the node's own conditions were met (its last dependency or stream predecessor ended);
 * {@code cause[i]}: that node, or -1 for the iteration's start. A compute node starts when ready; a communication
 * node starts when its partners are ready too ({@code start >= ready}). Times are ps; -1 until known.
 */
final class RankRun {
    final RankGraph g;
    final int[] pending;
    final long[] ready;
    final int[] cause;
    final long[] start;
    final long[] end;
    private final int[] head;
    private final boolean[] started;
    private int remaining;
    /** When its last node ended, ps, or -1. */
    long finishedPs = -1;

    RankRun(RankGraph g) {
        this.g = g;
        int n = g.size;
        pending = new int[n];
        for (int i = 0; i < n; i++) {
            pending[i] = g.depStart[i + 1] - g.depStart[i];
        }
        ready = new long[n];
        cause = new int[n];
        start = new long[n];
        end = new long[n];
        Arrays.fill(ready, -1);
        Arrays.fill(cause, -1);
        Arrays.fill(start, -1);
        Arrays.fill(end, -1);
        head = g.streamFirst.clone();
        started = new boolean[n];
        remaining = n;
    }

    /** Nodes not ended yet. */
    int remaining() {
        return remaining;
    }

    boolean done() {
        return remaining == 0;
    }

    /** Whether node {@code i} may start now: not started, no pending dependency, first of its stream. */
    boolean eligible(int i) {
        return !started[i] && pending[i] == 0 && head[g.stream[i]] == i;
    }

    /** Marks node {@code i} started (compute: at once; communication: waiting for its partners). */
    void markStarted(int i, long nowPs) {
        started[i] = true;
        if (ready[i] < 0) {
            ready[i] = nowPs;
        }
    }

    /**
     * Records that node {@code i} ended at {@code nowPs}, releases its stream and dependents, and pushes onto
     * {@code out} the nodes that became eligible (their count returned through the stack's size).
     */
    void end(int i, long nowPs, IntStack out) {
        end[i] = nowPs;
        remaining--;
        if (remaining == 0) {
            finishedPs = nowPs;
        }
        int next = g.streamNext[i];
        head[g.stream[i]] = next;
        if (next >= 0) {
            touch(next, i, nowPs);
            if (eligible(next)) {
                out.push(next);
            }
        }
        for (int k = g.outStart[i]; k < g.outStart[i + 1]; k++) {
            int j = g.out[k];
            pending[j]--;
            touch(j, i, nowPs);
            if (eligible(j)) {
                out.push(j);
            }
        }
    }

    /** {@code j}'s readiness moved to {@code nowPs} because {@code by} ended. */
    private void touch(int j, int by, long nowPs) {
        if (nowPs >= ready[j]) {
            ready[j] = nowPs;
            cause[j] = by;
        }
    }

    /** Pushes the nodes eligible at the iteration's start. */
    void initial(IntStack out) {
        for (int s = 0; s < head.length; s++) {
            int i = head[s];
            if (i >= 0 && eligible(i)) {
                out.push(i);
            }
        }
    }
}
