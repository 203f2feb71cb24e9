package org.lossless.experiments.results;

import java.util.Arrays;
import java.util.List;

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
 */
final class FlowFigures {
    private FlowFigures() {
    }

    /** The figures of {@code list} into {@code node}; {@code always}: write the control sections even when empty. */
    static void write(ObjectNode node, List<FlowResult> list, long endPs, Completion basis, boolean always) {
        int n = list.size();
        double[] data = new double[n];
        double[] censored = new double[n];
        double[] all = new double[n];
        double[] controlSlowdown = new double[n];
        double[] controlLatency = new double[n];
        int dataDone = 0;
        int counted = 0;
        int allDone = 0;
        int controlDone = 0;
        int control = 0;
        int completed = 0;
        long delivered = 0;
        long retransmits = 0;
        long retransmittedBytes = 0;
        for (FlowResult fl : list) {
            delivered += fl.bytesDelivered();
            retransmits += fl.retransmits();
            retransmittedBytes += fl.retransmittedBytes();
            if (fl.finished()) {
                completed++;
            }
            boolean done = fl.completed(basis);
            if (done) {
                all[allDone++] = fl.slowdown(basis);
            }
            if (!fl.data()) {
                control++;
                if (done) {
                    controlSlowdown[controlDone] = fl.slowdown(basis);
                    controlLatency[controlDone++] = fl.fctPs(basis);
                }
                continue;
            }
            if (done) {
                data[dataDone++] = fl.slowdown(basis);
            }
            double c = fl.censoredSlowdown(endPs, basis);
            if (!Double.isNaN(c)) {
                censored[counted++] = c;
            }
        }
        ObjectNode flows = node.putObject("flows");
        flows.put("total", n);
        flows.put("data", n - control);
        flows.put("control", control);
        flows.put("completed", completed);
        flows.put("unfinished", n - completed);
        flows.put("bytes_delivered", delivered);
        flows.put("retransmits", retransmits);
        flows.put("retransmitted_bytes", retransmittedBytes);
        slowdown(node.putObject("fct_slowdown"), Arrays.copyOf(data, dataDone), basis, "data");
        slowdown(node.putObject("fct_slowdown_censored"), Arrays.copyOf(censored, counted), basis, "data");
        if (!always && control == 0) {
            return;
        }
        ObjectNode c = node.putObject("control");
        c.put("messages", control);
        c.put("completed", controlDone);
        double[] latency = Arrays.copyOf(controlLatency, controlDone);
        Arrays.sort(latency);
        ObjectNode l = c.putObject("latency_ps");
        for (int p : new int[] {50, 99}) {
            if (latency.length == 0) {
                l.putNull("p" + p);
            } else {
                l.put("p" + p, (long) Percentiles.nearestRank(latency, p));
            }
        }
        double[] sd = Arrays.copyOf(controlSlowdown, controlDone);
        Arrays.sort(sd);
        ObjectNode s = c.putObject("slowdown");
        put(s, "p50", sd, 50);
        put(s, "p99", sd, 99);
        c.put("completion", basis.key());
        slowdown(node.putObject("fct_slowdown_all"), Arrays.copyOf(all, allDone), basis, "all");
    }

    private static void slowdown(ObjectNode sd, double[] values, Completion basis, String messages) {
        Arrays.sort(values);
        put(sd, "p50", values, 50);
        put(sd, "p95", values, 95);
        put(sd, "p99", values, 99);
        put(sd, "max", values, 100);
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
