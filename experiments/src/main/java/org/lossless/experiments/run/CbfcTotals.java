package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.lossless.core.net.LinkCredits;
import org.lossless.experiments.metrics.CbfcCounters;
import org.lossless.switchmodel.CreditLedger;

import org.lossless.core.net.EgressPort;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * What credit-based flow control ({@code switch.flow_control: cbfc}) did in a run, summed over the ports and switches
 * that switch-model wired for it ({@code SwitchMmus.installCbfc}): the grants, stalls and the switches' reserve peaks.
 */
final class CbfcTotals {
    private CbfcTotals() {
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
