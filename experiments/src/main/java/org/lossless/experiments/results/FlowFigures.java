package org.lossless.experiments.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.results.ranks.Keys;
import org.lossless.experiments.results.ranks.PercentileValues;
import org.lossless.experiments.results.ranks.Series;

/**
 * The message figures of {@code summary.json}, for the whole run and for each workload. Slowdown percentiles are
 * nearest-rank ({@link org.lossless.core.stats.Percentiles#nearestRank}) over messages that reached completion {@code basis}
 * ({@code metrics.completion}), rounded to six decimals like flows.csv, null without such a message:
 * <ul>
 *   <li>{@code flows}: every message (data and control): total, then {@code data} and {@code control} counts,
 *       completed (receiver holds the last byte), unfinished, bytes delivered, retransmits;</li>
 *   <li>{@code fct_slowdown}: over <b>data</b> messages only ({@code "messages": "data"}): the payload the
 *       workloads posted, not their protocol messages;</li>
 *   <li>{@code fct_slowdown_censored}: data messages, those not completed counted with their slowdown so far,
 *       {@code (sim_time - start) / ideal}, a lower bound, so that truncation cannot flatter a comparison;</li>
 *   <li>{@code control}: the protocol messages (collective clear-to-send, NVMe-oF command and completion
 *       capsules, storage acknowledgements): how many, how many completed, their latency (ps) and slowdown
 *       p50 and p99;</li>
 *   <li>{@code fct_slowdown_all}: every message, data and control mixed ({@code "messages": "all"}): what
 *       {@code fct_slowdown} was before it was over data only, kept for comparison.</li>
 * </ul>
 * A workload without control messages has no {@code control} and {@code fct_slowdown_all} (they would repeat
 * its data figures); the run-wide figures always have them.
 *
 * <p>Made row by row ({@link #add}, in id order, as the rows are streamed): running totals per workload and, for
 * the exact percentiles, a data message's slowdown (8 B) or a control message's slowdown and latency (16 B), not
 * the rows, in series of the run's {@link PercentileValues} (in memory up to its budget, on disk past it: the
 * figures are the same bytes either way), none for a message flows_summary.csv aggregates (its group's series hold
 * them: {@link #add(FlowResult, Series, Series, boolean)}); the run-wide figures are taken over the workloads' series
 * together.
 */
final class FlowFigures {
    /** Percentiles of the slowdown sections: p50, p95, p99 and the max. */
    private static final double[] SLOWDOWN = {50, 95, 99, 100};
    /** Percentiles of the control section. */
    private static final double[] CONTROL = {50, 99};
    private final Completion basis;
    private final PercentileValues values;
    private final Map<String, Tally> byWorkload = new LinkedHashMap<>();
    private String lastWorkload;
    private Tally last;
    private long endPs = -1;

    /** Figures whose values stay in memory (a run's list of rows, tests). */
    FlowFigures(Completion basis) {
        this(basis, PercentileValues.inMemory());
    }

    /** Figures whose values go to series of {@code values}. */
    FlowFigures(Completion basis, PercentileValues values) {
        this.basis = basis;
        this.values = values;
    }

    /** The figures of {@code flows} (in id order) of a run that ended at {@code endPs}. */
    static FlowFigures of(List<FlowResult> flows, long endPs, Completion basis) {
        FlowFigures f = new FlowFigures(basis);
        f.end(endPs);
        for (FlowResult r : flows) {
            f.add(r);
        }
        return f;
    }

    /** The run ended at {@code endPs}: rows not completed may come from now on (censored slowdowns need it). */
    void end(long endPs) {
        this.endPs = endPs;
    }

    void add(FlowResult f) {
        tally(f).add(f, true);
    }

    /**
     * Adds row {@code f}, whose completed values flows_summary.csv's group keeps in {@code fct} and {@code slowdown}
     * (the same keys this would keep: its FCT, its slowdown as {@link Keys#ofDouble}): those series are this
     * workload's too from the group's first row on ({@code first}), so the values are kept once, not twice. The
     * union of the same values gives the same percentiles.
     */
    void add(FlowResult f, Series fct, Series slowdown, boolean first) {
        Tally t = tally(f);
        if (first) {
            if (f.data()) {
                t.dataGroups.add(slowdown);
            } else {
                t.controlSlowdownGroups.add(slowdown);
                t.controlLatencyGroups.add(fct);
            }
        }
        t.add(f, false);
    }

    private Tally tally(FlowResult f) {
        if (!f.workload().equals(lastWorkload)) {
            lastWorkload = f.workload();
            last = byWorkload.computeIfAbsent(lastWorkload, k -> new Tally());
        }
        return last;
    }

    /** The workloads in order of first appearance. */
    List<String> workloads() {
        return new ArrayList<>(byWorkload.keySet());
    }

    /** The whole run's figures into {@code node}, the control sections always. */
    void writeRun(ObjectNode node) {
        write(node, new ArrayList<>(byWorkload.values()), true);
    }

    /** Workload {@code name}'s figures into {@code node}, the control sections only when it has control messages. */
    void writeWorkload(ObjectNode node, String name) {
        write(node, List.of(byWorkload.get(name)), false);
    }

    /** One workload's counters and the series its percentiles are taken over. */
    private final class Tally {
        long total;
        long control;
        long completed;
        long delivered;
        long retransmits;
        long retransmittedBytes;
        /** Slowdowns ({@link Keys#ofDouble}) of the data messages that reached completion {@code basis}. */
        final Series data = values.series();
        /** Slowdowns so far of the data messages that did not (and had started by the end). */
        final Series censored = values.series();
        final Series controlSlowdown = values.series();
        /** Latencies (ps) of the control messages that reached completion. */
        final Series controlLatency = values.series();
        /** flows_summary.csv's groups of this workload whose series hold the rest of those values. */
        final List<Series> dataGroups = new ArrayList<>();
        final List<Series> controlSlowdownGroups = new ArrayList<>();
        final List<Series> controlLatencyGroups = new ArrayList<>();

        /** Counts {@code fl}; {@code keep}: its completed values go to this tally's series (else a group has them). */
        void add(FlowResult fl, boolean keep) {
            total++;
            delivered += fl.bytesDelivered();
            retransmits += fl.retransmits();
            retransmittedBytes += fl.retransmittedBytes();
            if (fl.finished()) {
                completed++;
            }
            boolean done = fl.completed(basis);
            if (!fl.data()) {
                control++;
                if (done && keep) {
                    controlSlowdown.add(Keys.ofDouble(fl.slowdown(basis)));
                    controlLatency.add(fl.fctPs(basis));
                }
                return;
            }
            if (done) {
                if (keep) {
                    data.add(Keys.ofDouble(fl.slowdown(basis)));
                }
                return;
            }
            if (endPs < 0) {
                throw new IllegalStateException("message " + fl.flowId() + " not completed before the run's end");
            }
            double c = fl.censoredSlowdown(endPs, basis);
            if (!Double.isNaN(c)) {
                censored.add(Keys.ofDouble(c));
            }
        }
    }

    /** The figures of the workloads {@code parts} together into {@code node}. */
    private void write(ObjectNode node, List<Tally> parts, boolean always) {
        long total = 0;
        long control = 0;
        long completed = 0;
        long delivered = 0;
        long retransmits = 0;
        long retransmittedBytes = 0;
        for (Tally t : parts) {
            total += t.total;
            control += t.control;
            completed += t.completed;
            delivered += t.delivered;
            retransmits += t.retransmits;
            retransmittedBytes += t.retransmittedBytes;
        }
        ObjectNode flows = node.putObject("flows");
        flows.put("total", total);
        flows.put("data", total - control);
        flows.put("control", control);
        flows.put("completed", completed);
        flows.put("unfinished", total - completed);
        flows.put("bytes_delivered", delivered);
        flows.put("retransmits", retransmits);
        flows.put("retransmitted_bytes", retransmittedBytes);
        Series[] data = series(parts, t -> t.data, t -> t.dataGroups);
        Series[] controlSlowdown = series(parts, t -> t.controlSlowdown, t -> t.controlSlowdownGroups);
        // a completed data message's censored slowdown is its slowdown
        slowdown(node.putObject("fct_slowdown"), values.select(SLOWDOWN, data), basis, "data");
        slowdown(node.putObject("fct_slowdown_censored"),
                values.select(SLOWDOWN, concat(data, series(parts, t -> t.censored))), basis, "data");
        if (!always && control == 0) {
            return;
        }
        ObjectNode c = node.putObject("control");
        c.put("messages", control);
        long controlCompleted = 0;
        for (Series s : controlSlowdown) {
            controlCompleted += s.size();
        }
        c.put("completed", controlCompleted);
        long[] latency = values.select(CONTROL, series(parts, t -> t.controlLatency, t -> t.controlLatencyGroups));
        ObjectNode l = c.putObject("latency_ps");
        for (int i = 0; i < CONTROL.length; i++) {
            String key = "p" + (int) CONTROL[i];
            if (latency == null) {
                l.putNull(key);
            } else {
                // as when the latencies were kept as doubles
                l.put(key, (long) (double) latency[i]);
            }
        }
        long[] sd = values.select(CONTROL, controlSlowdown);
        ObjectNode s = c.putObject("slowdown");
        put(s, "p50", sd, 0);
        put(s, "p99", sd, 1);
        c.put("completion", basis.key());
        slowdown(node.putObject("fct_slowdown_all"), values.select(SLOWDOWN, concat(data, controlSlowdown)), basis,
                "all");
    }

    /** Each tally's own series and its groups', in tally order. */
    private static Series[] series(List<Tally> parts, Function<Tally, Series> own, Function<Tally, List<Series>> groups) {
        List<Series> all = new ArrayList<>();
        for (Tally t : parts) {
            all.add(own.apply(t));
            all.addAll(groups.apply(t));
        }
        return all.toArray(new Series[0]);
    }

    private static Series[] series(List<Tally> parts, Function<Tally, Series> own) {
        return series(parts, own, t -> List.of());
    }

    private static Series[] concat(Series[] a, Series[] b) {
        Series[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /** The slowdown section {@code sd} of the keys {@code at} the {@link #SLOWDOWN} percentiles (null: none). */
    private static void slowdown(ObjectNode sd, long[] at, Completion basis, String messages) {
        put(sd, "p50", at, 0);
        put(sd, "p95", at, 1);
        put(sd, "p99", at, 2);
        put(sd, "max", at, 3);
        sd.put("completion", basis.key());
        sd.put("messages", messages);
    }

    private static void put(ObjectNode node, String key, long[] at, int i) {
        if (at == null) {
            node.putNull(key);
        } else {
            node.put(key, Csv.fixed(Keys.toDouble(at[i]), Csv.SLOWDOWN_DECIMALS));
        }
    }
}
