package org.lossless.workloads.support;

import org.lossless.nic.Verb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.lossless.workloads.traffic.OperationStats;

/**
 * Counts I/Os per (iteration, operation) of one job as they are issued and complete, and turns them into
 * {@link OperationStats}. Iterations and operations are reported in ascending order (operation names
 * alphabetically: {@code read} before {@code write}).
 */
public final class OperationTally {
    private final String job;
    private final Map<Integer, Iteration> iterations = new TreeMap<>();

    public OperationTally(String job) {
        this.job = job;
    }

    /** An I/O of {@code operation} was issued in {@code iteration}, which started at {@code iterationStartPs}. */
    public void issued(int iteration, long iterationStartPs, String operation) {
        iteration(iteration, iterationStartPs).op(operation).issued++;
    }

    /** An I/O of {@code bytes} completed after {@code latencyPs}, at {@code nowPs}. */
    public void completed(int iteration, String operation, long bytes, long latencyPs, long nowPs) {
        Iteration it = iterations.get(iteration);
        if (it == null || !it.ops.containsKey(operation)) {
            throw new IllegalStateException("job " + job + ": completion of an I/O never issued");
        }
        Verb op = it.ops.get(operation);
        op.completed++;
        op.bytes += bytes;
        op.latencies.add(latencyPs);
        it.lastCompletionPs = Math.max(it.lastCompletionPs, nowPs);
    }

    /** Total I/Os issued, all iterations and operations. */
    public long issuedTotal() {
        long n = 0;
        for (Iteration it : iterations.values()) {
            for (Verb op : it.ops.values()) {
                n += op.issued;
            }
        }
        return n;
    }

    /** Total I/Os completed. */
    public long completedTotal() {
        long n = 0;
        for (Iteration it : iterations.values()) {
            for (Verb op : it.ops.values()) {
                n += op.completed;
            }
        }
        return n;
    }

    public List<OperationStats> stats() {
        List<OperationStats> out = new ArrayList<>();
        for (Map.Entry<Integer, Iteration> e : iterations.entrySet()) {
            Iteration it = e.getValue();
            long window = it.lastCompletionPs < 0 ? 0 : it.lastCompletionPs - it.startPs;
            for (Map.Entry<String, Verb> o : it.ops.entrySet()) {
                Verb op = o.getValue();
                LatencySample l = op.latencies;
                out.add(new OperationStats(job, e.getKey(), o.getKey(), op.issued, op.completed, op.bytes, window,
                        l.perMille(500), l.perMille(990), l.perMille(999), l.perMille(1000), l.meanPs()));
            }
        }
        return out;
    }

    private Iteration iteration(int iteration, long startPs) {
        return iterations.computeIfAbsent(iteration, k -> new Iteration(startPs));
    }

    private static final class Iteration {
        final long startPs;
        long lastCompletionPs = -1;
        final Map<String, Verb> ops = new TreeMap<>();

        Iteration(long startPs) {
            this.startPs = startPs;
        }

        Verb op(String name) {
            return ops.computeIfAbsent(name, k -> new Verb());
        }
    }

    private static final class Verb {
        long issued;
        long completed;
        long bytes;
        final LatencySample latencies = new LatencySample();
    }
}
