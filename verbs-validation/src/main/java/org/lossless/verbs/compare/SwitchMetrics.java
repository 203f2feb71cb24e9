package org.lossless.verbs.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.verbs.measure.SwitchCounters;
import org.lossless.verbs.plan.LabSwitch;

/**
 * Switch counters under comparable names, and the simulation's switch ports as SONiC would count them:
 * <ul>
 * <li>{@code switch/<name>/<port>/prio/<p>/pause_rx}, {@code pause_tx}: PFC frames received and sent
 * ({@code show pfc counters});</li>
 * <li>{@code switch/<name>/<port>/queue/<q>/tx_packets}, {@code drop_packets} ({@code show queue counters},
 * unicast queues) and {@code watermark_bytes} ({@code show queue watermark unicast}).</li>
 * </ul>
 * A lab switch port is set against the simulated switch's port that the hosts file maps it to; queue q is taken
 * as priority q (SONiC's default {@code TC_TO_QUEUE_MAP} for the lossless classes). The simulated watermark is the
 * egress queue's peak in frame bytes; SONiC counts buffer cells, so expect it slightly above.
 */
final class SwitchMetrics {
    private SwitchMetrics() {
    }

    static void add(List<SwitchCounters> counters, Map<String, Double> out) {
        for (SwitchCounters c : counters) {
            if (c.host() == null || c.port() == null) {
                continue;
            }
            String base = "switch/" + c.host() + "/" + c.port() + "/";
            switch (c.kind()) {
                case "pfc" -> {
                    put(out, base + "prio/" + c.index() + "/pause_rx", c.values(), "pause_rx");
                    put(out, base + "prio/" + c.index() + "/pause_tx", c.values(), "pause_tx");
                }
                case "queue" -> {
                    if (c.index().startsWith("UC")) {
                        put(out, base + "queue/" + c.index().substring(2) + "/tx_packets", c.values(), "tx_packets");
                        put(out, base + "queue/" + c.index().substring(2) + "/drop_packets", c.values(), "drop_packets");
                    }
                }
                case "queue_watermark" -> {
                    if (c.index().startsWith("UC")) {
                        put(out, base + "queue/" + c.index().substring(2) + "/watermark_bytes", c.values(), "bytes");
                    }
                }
                default -> {
                    // priority-group watermarks have no simulated counterpart: they stay in the record only
                }
            }
        }
    }

    private static void put(Map<String, Double> out, String key, Map<String, Long> values, String name) {
        if (values.containsKey(name)) {
            Long v = values.get(name);
            out.put(key, v == null ? null : v.doubleValue());
        }
    }

    /** The mapped ports of each lab switch, from the simulation's ports.csv rows. */
    static List<SwitchCounters> simulated(RunResult r, List<LabSwitch> switches, List<String> errors) {
        List<SwitchCounters> out = new ArrayList<>();
        for (LabSwitch sw : switches) {
            if (sw.node() == null) {
                continue;
            }
            if (r.ports().stream().noneMatch(p -> p.node().equals(sw.node()))) {
                errors.add("simulation: switch " + sw.name() + " plays node '" + sw.node() + "' (hosts file), which carried"
                        + " no traffic or is not a node of the topology (see ports.csv for the names)");
            }
            for (Map.Entry<String, Integer> port : sw.ports().entrySet()) {
                for (PortResult p : r.ports()) {
                    if (!p.node().equals(sw.node()) || p.port() != port.getValue()) {
                        continue;
                    }
                    String prio = String.valueOf(p.priority());
                    Map<String, Long> pfc = new LinkedHashMap<>();
                    pfc.put("pause_rx", p.pauseRx());
                    pfc.put("pause_tx", p.pauseTx());
                    out.add(new SwitchCounters(sw.name(), port.getKey(), "pfc", prio, pfc));
                    Map<String, Long> q = new LinkedHashMap<>();
                    q.put("tx_packets", p.txPackets());
                    q.put("drop_packets", p.drops());
                    out.add(new SwitchCounters(sw.name(), port.getKey(), "queue", "UC" + prio, q));
                    out.add(new SwitchCounters(sw.name(), port.getKey(), "queue_watermark", "UC" + prio,
                            Map.of("bytes", p.maxQueueBytes())));
                }
            }
        }
        return out;
    }
}
