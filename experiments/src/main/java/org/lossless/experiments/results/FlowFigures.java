package org.lossless.experiments.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.core.stats.Percentiles;
import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;

/**
 * The message figures of {@code summary.json}, for the whole run and for each workload. Slowdown percentiles are
 * nearest-rank ({@link Percentiles#nearestRank}) over messages that reached completion {@code basis}
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
 * the rows; the run-wide figures are the workloads' put together when written.
 */
final class FlowFigures {
    private final Completion basis;
    private final Map<String, Tally> byWorkload = new LinkedHashMap<>();
    private String lastWorkload;
    private Tally last;
    private long endPs = -1;

    FlowFigures(Completion basis) {
        this.basis = basis;
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
        if (!f.workload().equals(lastWorkload)) {
            lastWorkload = f.workload();
            last = byWorkload.computeIfAbsent(lastWorkload, k -> new Tally());
        }
        last.add(f);
    }

    /** The workloads in order of first appearance. */
    List<String> workloads() {
        return new ArrayList<>(byWorkload.keySet());
    }

    /** The whole run's figures into {@code node}, the control sections always. */
    void writeRun(ObjectNode node) {
        Tally all;
        if (byWorkload.size() == 1) {
            all = byWorkload.values().iterator().next();
        } else {
            all = new Tally();
            byWorkload.values().forEach(all::addAll);
        }
        all.write(node, basis, true);
    }

    /** Workload {@code name}'s figures into {@code node}, the control sections only when it has control messages. */
    void writeWorkload(ObjectNode node, String name) {
        byWorkload.get(name).write(node, basis, false);
    }

    /** One workload's (or the run's) counters and the values its percentiles are taken over. */
    private final class Tally {
        long total;
        long control;
        long completed;
        long delivered;
        long retransmits;
        long retransmittedBytes;
        /** Slowdowns of the data messages that reached completion {@code basis}. */
        final Doubles data = new Doubles();
        /** Slowdowns so far of the data messages that did not (and had started by the end). */
        final Doubles censored = new Doubles();
        final Doubles controlSlowdown = new Doubles();
        final Doubles controlLatency = new Doubles();

        void add(FlowResult fl) {
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
                if (done) {
                    controlSlowdown.add(fl.slowdown(basis));
                    controlLatency.add(fl.fctPs(basis));
                }
                return;
            }
            if (done) {
                data.add(fl.slowdown(basis));
                return;
            }
            if (endPs < 0) {
                throw new IllegalStateException("message " + fl.flowId() + " not completed before the run's end");
            }
            double c = fl.censoredSlowdown(endPs, basis);
            if (!Double.isNaN(c)) {
                censored.add(c);
            }
        }

        void addAll(Tally t) {
            total += t.total;
            control += t.control;
            completed += t.completed;
            delivered += t.delivered;
            retransmits += t.retransmits;
            retransmittedBytes += t.retransmittedBytes;
            data.addAll(t.data);
            censored.addAll(t.censored);
            controlSlowdown.addAll(t.controlSlowdown);
            controlLatency.addAll(t.controlLatency);
        }

        void write(ObjectNode node, Completion basis, boolean always) {
            ObjectNode flows = node.putObject("flows");
            flows.put("total", total);
            flows.put("data", total - control);
            flows.put("control", control);
            flows.put("completed", completed);
            flows.put("unfinished", total - completed);
            flows.put("bytes_delivered", delivered);
            flows.put("retransmits", retransmits);
            flows.put("retransmitted_bytes", retransmittedBytes);
            // a completed data message's censored slowdown is its slowdown
            slowdown(node.putObject("fct_slowdown"), data.sorted(), basis, "data");
            slowdown(node.putObject("fct_slowdown_censored"), data.sorted(censored), basis, "data");
            if (!always && control == 0) {
                return;
            }
            ObjectNode c = node.putObject("control");
            c.put("messages", control);
            c.put("completed", controlSlowdown.size());
            double[] latency = controlLatency.sorted();
            ObjectNode l = c.putObject("latency_ps");
            for (int p : new int[] {50, 99}) {
                if (latency.length == 0) {
                    l.putNull("p" + p);
                } else {
                    l.put("p" + p, (long) Percentiles.nearestRank(latency, p));
                }
            }
            double[] sd = controlSlowdown.sorted();
            ObjectNode s = c.putObject("slowdown");
            put(s, "p50", sd, 50);
            put(s, "p99", sd, 99);
            c.put("completion", basis.key());
            slowdown(node.putObject("fct_slowdown_all"), data.sorted(controlSlowdown), basis, "all");
        }
    }

    private static void slowdown(ObjectNode sd, double[] sorted, Completion basis, String messages) {
        put(sd, "p50", sorted, 50);
        put(sd, "p95", sorted, 95);
        put(sd, "p99", sorted, 99);
        put(sd, "max", sorted, 100);
        sd.put("completion", basis.key());
        sd.put("messages", messages);
    }

    private static void put(ObjectNode node, String key, double[] sorted, double p) {
        if (sorted.length == 0) {
            node.putNull(key);
        } else {
            node.put(key, Csv.fixed(Percentiles.nearestRank(sorted, p), Csv.SLOWDOWN_DECIMALS));
        }
    }
}
