package org.lossless.verbs.compare;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.verbs.measure.BwResult;
import org.lossless.verbs.measure.BwSample;
import org.lossless.verbs.measure.LatResult;
import org.lossless.verbs.measure.LatSample;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.PortCounters;
import org.lossless.verbs.measure.RdmaCounters;

/**
 * A simulation's results as a measurement record, so that simulated and measured figures have the same
 * names ({@link MetricSet}). Per flow: goodput = size x 8 / FCT (FCT to the last byte at the destination;
 * perftest's requester also waits for the last ACK, half an RTT more), or for latency probes the one-way
 * time in µs as {@code t_typical}. Per host NIC and priority: pause frames received and sent and time
 * paused (the host's egress row of ports.csv; 0 where the host sent nothing at that priority). Per host:
 * ECN marks on the switch ports towards it (what its notification point receives), CNPs it sent (the CNPs
 * its flows' senders received) and handled (its own flows' CNPs). Retransmission events are not simulated
 * in the NIC counters' unit and stay not available.
 */
public final class SimulatedMeasurement {
    private SimulatedMeasurement() {
    }

    /**
     * @param hostNames    scenario host number to the name used in the record (the lab host's name in a replay)
     * @param latencyFlows flows replayed as latency probes
     * @param priorities   priorities to report per host (e.g. the lossless ones)
     */
    public static Measurement of(RunResult r, Map<Integer, String> hostNames, Set<Long> latencyFlows, Set<Integer> priorities) {
        return of(r, hostNames, latencyFlows, priorities, null);
    }

    /**
     * @param flowBases the replayed workloads ({@code flows}, {@code hpcc-flows}) by name, each with the plan's flow id
     *                  of its first flow: only their messages are reported, numbered base + position in the workload
     *                  (the plan's numbering, which skips the messages of collective and storage jobs); null = every
     *                  message under its {@code flows.csv} id
     */
    public static Measurement of(RunResult r, Map<Integer, String> hostNames, Set<Long> latencyFlows, Set<Integer> priorities,
                                 Map<String, Long> flowBases) {
        MeasurementBuilder b = new MeasurementBuilder();
        Map<String, Long> next = new LinkedHashMap<>();
        for (FlowResult f : r.flows()) {
            long id = f.flowId();
            if (flowBases != null) {
                Long base = flowBases.get(f.workload());
                if (base == null) {
                    continue;
                }
                id = base + next.merge(f.workload(), 1L, Long::sum) - 1;
            }
            String host = name(hostNames, f.src());
            if (!f.finished()) {
                b.errors.add("simulation: flow " + id + " did not finish within the stop time");
                continue;
            }
            double fctS = f.fctPs() * 1e-12;
            if (latencyFlows.contains(id)) {
                double us = f.fctPs() / 1e6;
                b.latency.add(new LatResult("sim-" + id, id, host, "client", "simulation", Map.of(),
                        List.of(new LatSample(f.sizeBytes(), 1, us, us, us, us, 0.0, us, us, null))));
            } else {
                double bps = f.sizeBytes() * 8 / fctS;
                b.flows.add(new BwResult("sim-" + id, id, host, "client", "simulation", false, false,
                        Map.of(), "Gb/sec", bps, List.of(new BwSample(f.sizeBytes(), 1, null, bps, 1 / fctS / 1e6, null, null,
                                Map.of()))));
            }
        }
        Map<Integer, Map<Integer, PortResult>> nicRows = new LinkedHashMap<>();
        Map<Integer, Long> marksTo = new LinkedHashMap<>();
        Set<Integer> prios = new TreeSet<>(priorities);
        for (PortResult p : r.ports()) {
            Integer host = hostNumber(p.node());
            Integer peer = hostNumber(p.peer());
            if (host != null) {
                nicRows.computeIfAbsent(host, k -> new LinkedHashMap<>()).put(p.priority(), p);
            } else if (peer != null) {
                marksTo.merge(peer, p.ecnMarked(), Long::sum);
            }
        }
        for (int h = 0; h < hostNames.size() || nicRows.containsKey(h); h++) {
            if (!hostNames.containsKey(h) && !nicRows.containsKey(h)) {
                continue;
            }
            Map<Integer, PortResult> rows = nicRows.getOrDefault(h, Map.of());
            for (int prio : union(prios, rows.keySet())) {
                PortResult p = rows.get(prio);
                Map<String, Long> v = new LinkedHashMap<>();
                v.put("pause_rx", p == null ? 0 : p.pauseRx());
                v.put("pause_tx", p == null ? 0 : p.pauseTx());
                v.put("pause_rx_duration_us", p == null ? 0 : Math.round(p.pausedPs() / 1e6));
                v.put("tx_packets", p == null ? 0 : p.txPackets());
                b.ports.add(new PortCounters(name(hostNames, h), null, prio, v));
            }
            long sent = 0;
            long handled = 0;
            for (FlowResult f : r.flows()) {
                sent += f.dst() == h ? f.cnps() : 0;
                handled += f.src() == h ? f.cnps() : 0;
            }
            Map<String, Long> v = new LinkedHashMap<>();
            v.put("ecn_marked", marksTo.getOrDefault(h, 0L));
            v.put("cnp_sent", sent);
            v.put("cnp_handled", handled);
            v.put("retransmission_events", null);
            b.rdma.add(new RdmaCounters(name(hostNames, h), null, null, v));
        }
        return b.build();
    }

    private static Set<Integer> union(Set<Integer> a, Set<Integer> b) {
        Set<Integer> u = new TreeSet<>(a);
        u.addAll(b);
        return u;
    }

    private static String name(Map<Integer, String> names, int host) {
        return names.getOrDefault(host, "h" + host);
    }

    /** Host number of a node named {@code h<N>} (the topology's host names), else null. */
    static Integer hostNumber(String node) {
        if (node == null || node.length() < 2 || node.charAt(0) != 'h') {
            return null;
        }
        for (int i = 1; i < node.length(); i++) {
            if (!Character.isDigit(node.charAt(i))) {
                return null;
            }
        }
        return node.length() > 10 ? null : Integer.valueOf(node.substring(1));
    }
}
