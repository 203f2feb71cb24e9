package org.lossless.experiments.results;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.OperationStats;

/**
 * The storage figures of {@code jobs.csv} (columns after the contract's) and {@code summary.json}
 * ({@code jobs[].operations}), from the programs' {@link OperationStats}. Columns are empty for rows without
 * them (collectives, incast, permutation) and for an operation type the iteration did not issue. IOPS have
 * three decimals, GB/s six, latencies are whole picoseconds (nearest rank).
 */
final class StorageColumns {
    /** Operation types with columns, in column order. */
    static final List<String> OPERATIONS = List.of("read", "write");
    /** Appended to the contract's {@code jobs.csv} header. */
    static final String HEADER = ",ios,read_ios,read_iops,read_GBps,read_p50_ps,read_p99_ps,read_p999_ps,"
            + "write_ios,write_iops,write_GBps,write_p50_ps,write_p99_ps,write_p999_ps";
    static final int IOPS_DECIMALS = 3;

    private final Map<String, OperationStats> byKey = new HashMap<>();

    StorageColumns(List<OperationStats> stats) {
        for (OperationStats s : stats) {
            byKey.put(key(s.job(), s.iteration(), s.operation()), s);
        }
    }

    private static String key(String job, int iteration, String op) {
        return job + '\u0000' + iteration + '\u0000' + op;
    }

    /** The storage columns of {@code j}'s row, each preceded by a comma. */
    void append(StringBuilder sb, JobIteration j) {
        OperationStats[] ops = new OperationStats[OPERATIONS.size()];
        boolean any = false;
        long completed = 0;
        for (int i = 0; i < ops.length; i++) {
            ops[i] = byKey.get(key(j.job(), j.iteration(), OPERATIONS.get(i)));
            if (ops[i] != null) {
                any = true;
                completed += ops[i].completed();
            }
        }
        sb.append(',');
        if (any) {
            sb.append(completed);
        }
        for (OperationStats s : ops) {
            if (s == null) {
                sb.append(",,,,,,");
                continue;
            }
            sb.append(',').append(s.completed()).append(',');
            number(sb, s.iops(), IOPS_DECIMALS).append(',');
            number(sb, s.throughputGBps(), ResultFiles.BANDWIDTH_DECIMALS).append(',');
            latency(sb, s.p50Ps()).append(',');
            latency(sb, s.p99Ps()).append(',');
            latency(sb, s.p999Ps());
        }
    }

    private static StringBuilder number(StringBuilder sb, double v, int decimals) {
        return Double.isFinite(v) ? sb.append(Csv.fixed(v, decimals).toPlainString()) : sb;
    }

    private static StringBuilder latency(StringBuilder sb, long ps) {
        return ps < 0 ? sb : sb.append(ps);
    }

    /**
     * {@code summary.json}: for a storage job, {@code operations}: one entry per iteration and operation type
     * with issued and completed I/Os, IOPS, GB/s and latency percentiles (ps), and {@code ideal}: the same figures
     * of the job alone ({@code iops}, {@code GBps}, {@code latency_ps.p50}/{@code p99}; absent without an ideal).
     */
    static void summary(ObjectNode job, String name, List<OperationStats> stats, JobIdeal ideal) {
        ArrayNode ops = null;
        for (OperationStats s : stats) {
            if (!s.job().equals(name)) {
                continue;
            }
            if (ops == null) {
                ops = job.putArray("operations");
            }
            ObjectNode o = ops.addObject();
            o.put("iteration", s.iteration());
            o.put("operation", s.operation());
            o.put("issued", s.issued());
            o.put("completed", s.completed());
            o.put("bytes", s.bytes());
            o.put("window_ps", s.windowPs());
            put(o, "iops", s.iops(), IOPS_DECIMALS);
            put(o, "GBps", s.throughputGBps(), ResultFiles.BANDWIDTH_DECIMALS);
            ObjectNode l = o.putObject("latency_ps");
            for (Object[] p : new Object[][] {{"p50", s.p50Ps()}, {"p99", s.p99Ps()}, {"p999", s.p999Ps()},
                {"max", s.maxPs()}, {"mean", s.meanPs()}}) {
                long v = (Long) p[1];
                if (v < 0) {
                    l.putNull((String) p[0]);
                } else {
                    l.put((String) p[0], v);
                }
            }
            OperationStats alone = ideal == null ? null : ideal.operation(s.iteration(), s.operation());
            if (alone != null) {
                ObjectNode i = o.putObject("ideal");
                put(i, "iops", alone.iops(), IOPS_DECIMALS);
                put(i, "GBps", alone.throughputGBps(), ResultFiles.BANDWIDTH_DECIMALS);
                ObjectNode il = i.putObject("latency_ps");
                latency(il, "p50", alone.p50Ps());
                latency(il, "p99", alone.p99Ps());
            }
        }
    }

    private static void latency(ObjectNode o, String key, long ps) {
        if (ps < 0) {
            o.putNull(key);
        } else {
            o.put(key, ps);
        }
    }

    private static void put(ObjectNode o, String key, double v, int decimals) {
        if (Double.isFinite(v)) {
            o.put(key, Csv.fixed(v, decimals));
        } else {
            o.putNull(key);
        }
    }
}
