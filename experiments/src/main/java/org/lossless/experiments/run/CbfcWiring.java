package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntFunction;

import org.lossless.core.net.LinkCredits;
import org.lossless.experiments.metrics.CbfcCounters;
import org.lossless.switchmodel.CreditLedger;

import org.lossless.core.net.EgressPort;
import org.lossless.core.net.PacketPool;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.settings.CbfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * Turns on credit-based flow control ({@code switch.flow_control: cbfc}) on every port of a built fabric: each
 * transmitter starts with the credit its receiver grants per class (fixed, or {@code auto} for its link: rate, cable,
 * credit delay and, into a switch, the switch's forwarding latency), each switch reserves those grants for its
 * ingress ports, and both ends of every cable carry credit updates.
 */
final class CbfcWiring {
    private CbfcWiring() {
    }

    /**
     * @param poolOf   the frame pool of a node (by node id): credit updates come from the sending port's own pool
     * @param maxFrame the largest data frame (as buffered) at the NIC's MTU, bytes: the frame the auto rule sizes for
     */
    static void install(Topology t, EgressPort[][] egress, SwitchNode[] switches, IntFunction<PacketPool> poolOf,
                        SwitchSettings s,
                        int maxFrame) {
        CbfcSettings c = s.cbfc();
        if (c == null) {
            return;
        }
        int mask = c.mask();
        // a freed full data frame (more than half the largest) makes an update at once; small frames (ACKs) add up
        for (Node node : t.nodes()) {
            for (Port p : t.ports(node.id())) {
                egress[node.id()][p.index()].enableCredits(poolOf.apply(node.id()), mask, c.creditDelayPs(), maxFrame / 2);
            }
        }
        for (Node node : t.nodes()) {
            if (node.isHost()) {
                continue;
            }
            List<Port> ports = t.ports(node.id());
            long[] grants = new long[ports.size()];
            for (Port p : ports) {
                // what this switch grants the transmitter at the far end of port p
                long grant = grant(c, s, p.cable().rateBps(), p.cable().delayPs(), maxFrame, false);
                grants[p.index()] = grant;
                grantAll(egress[p.peer()][p.peerPort()], mask, grant);
            }
            switches[node.id()].cbfc(mask, grants);
        }
        for (Node node : t.nodes()) {
            if (node.isHost()) {
                // what the NIC grants the switch port facing it
                Port p = t.ports(node.id()).get(0);
                grantAll(egress[p.peer()][p.peerPort()], mask,
                        grant(c, s, p.cable().rateBps(), p.cable().delayPs(), maxFrame, true));
            }
        }
    }

    /** The credit a receiver grants per class on a link ({@code toHost}: the receiver is a NIC, which holds nothing). */
    static long grant(CbfcSettings c, SwitchSettings s, long rateBps, long delayPs, int maxFrame, boolean toHost) {
        return c.creditsFor(rateBps, delayPs, maxFrame, toHost ? 0 : s.latencyPs());
    }

    private static void grantAll(EgressPort tx, int mask, long bytes) {
        for (int m = mask; m != 0; m &= m - 1) {
            tx.credits().grant(Integer.numberOfTrailingZeros(m), bytes);
        }
    }

    /** The run's CBFC counters (closing the stall accounting), or null when no port runs CBFC. */
    static CbfcCounters counters(Topology t, EgressPort[][] egress, SwitchNode[] switches) {
        LinkCredits any = t.nodes().isEmpty() || egress[0].length == 0 ? null : egress[0][0].credits();
        if (any == null) {
            return null;
        }
        List<Integer> prios = new ArrayList<>();
        for (int m = any.mask(); m != 0; m &= m - 1) {
            prios.add(Integer.numberOfTrailingZeros(m));
        }
        long minGrant = Long.MAX_VALUE;
        long maxGrant = 0;
        long stallPs = 0;
        long stalls = 0;
        long frames = 0;
        List<CbfcCounters.PortStall> rows = new ArrayList<>();
        for (Node node : t.nodes()) {
            for (Port p : t.ports(node.id())) {
                LinkCredits c = egress[node.id()][p.index()].credits();
                c.closeAccounting();
                frames += c.framesSent();
                for (int prio : prios) {
                    minGrant = Math.min(minGrant, c.granted(prio));
                    maxGrant = Math.max(maxGrant, c.granted(prio));
                    stallPs += c.stallPs(prio);
                    stalls += c.stalls(prio);
                    if (c.stallPs(prio) > 0) {
                        rows.add(new CbfcCounters.PortStall(node.name(), p.index(), t.node(p.peer()).name(), prio,
                                c.stallPs(prio), c.stalls(prio)));
                    }
                }
            }
        }
        long peak = 0;
        double peakOfGrant = 0;
        long over = 0;
        for (SwitchNode sw : switches) {
            CreditLedger l = sw == null ? null : sw.credited();
            if (l == null) {
                continue;
            }
            over += l.overGrant();
            for (int port = 0; port < sw.portCount(); port++) {
                for (int prio : prios) {
                    long b = l.peakBytes(port, prio);
                    peak = Math.max(peak, b);
                    peakOfGrant = Math.max(peakOfGrant, (double) b / l.grantBytes(port));
                }
            }
        }
        int stalled = rows.size();
        // longest first; ties in node, port, class order (the build order, kept by the stable sort)
        rows.sort(Comparator.comparingLong(CbfcCounters.PortStall::stallPs).reversed());
        return new CbfcCounters(prios, minGrant == Long.MAX_VALUE ? 0 : minGrant, maxGrant, any.processingPs(), stallPs,
                stalls, frames, peak, peakOfGrant, over, rows.subList(0, Math.min(rows.size(),
                CbfcCounters.PORTS_LISTED)), stalled);
    }
}
