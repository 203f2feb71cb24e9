package org.lossless.verbs.compare;

import java.util.LinkedHashMap;
import java.util.Map;

import org.lossless.verbs.measure.BwResult;
import org.lossless.verbs.measure.LatResult;
import org.lossless.verbs.measure.LatSample;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.PortCounters;
import org.lossless.verbs.measure.RdmaCounters;

/**
 * The comparable figures of a record under stable names; a name maps to null when the record has the
 * metric but not its value (not available):
 * <ul>
 * <li>{@code flow/<id>/goodput_bps}: a client's goodput (bits/s)</li>
 * <li>{@code flow/<id>/latency_us}: a latency probe's median ({@code t_typical}, µs)</li>
 * <li>{@code host/<name>/prio/<p>/pause_rx}, {@code .../pause_tx}, {@code .../pause_rx_duration_us}</li>
 * <li>{@code host/<name>/ecn_marked}, {@code host/<name>/cnp_sent}, {@code host/<name>/cnp_handled},
 * {@code host/<name>/retransmission_events} (summed over the host's devices)</li>
 * <li>jobs ({@link JobMetrics}): nccl-tests busbw and time per size, fio bandwidth, IOPS and latency</li>
 * <li>switches ({@link SwitchMetrics}): PFC frames per port and priority, queue packets, drops and watermarks</li>
 * </ul>
 */
public final class MetricSet {
    private MetricSet() {
    }

    public static Map<String, Double> of(Measurement m) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (BwResult r : m.flows()) {
            if (r.flowId() != null && !"server".equals(r.role())) {
                out.put("flow/" + r.flowId() + "/goodput_bps", r.goodputBps());
            }
        }
        for (LatResult r : m.latency()) {
            if (r.flowId() != null && !"server".equals(r.role()) && !r.samples().isEmpty()) {
                LatSample s = r.samples().get(r.samples().size() - 1);
                out.put("flow/" + r.flowId() + "/latency_us", s.tTypicalUs() != null ? s.tTypicalUs() : s.tAvgUs());
            }
        }
        for (PortCounters p : m.ports()) {
            if (p.priority() == null || p.host() == null) {
                continue;
            }
            String k = "host/" + p.host() + "/prio/" + p.priority() + "/";
            for (String c : new String[] {"pause_rx", "pause_tx", "pause_rx_duration_us"}) {
                if (p.values().containsKey(c)) {
                    sum(out, k + c, p.values().get(c));
                }
            }
        }
        for (RdmaCounters r : m.rdma()) {
            if (r.host() == null) {
                continue;
            }
            for (String c : new String[] {"ecn_marked", "cnp_sent", "cnp_handled", "retransmission_events"}) {
                if (r.values().containsKey(c)) {
                    sum(out, "host/" + r.host() + "/" + c, r.values().get(c));
                }
            }
        }
        JobMetrics.add(m.collectives(), m.storage(), out);
        SwitchMetrics.add(m.switchCounters(), out);
        return out;
    }

    /** Adds {@code v} to the metric (null, not available, wins over any sum). */
    private static void sum(Map<String, Double> out, String key, Long v) {
        if (!out.containsKey(key)) {
            out.put(key, v == null ? null : v.doubleValue());
        } else if (out.get(key) != null) {
            out.put(key, v == null ? null : out.get(key) + v);
        }
    }
}
