package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.validation.Lossless.G40;
import static org.lossless.experiments.validation.Lossless.MS;
import static org.lossless.experiments.validation.Lossless.PRIO;
import static org.lossless.experiments.validation.Lossless.US;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.EgressPort;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.run.PacketNetwork;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.switchmodel.CreditLedger;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.settings.CbfcSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.DumbbellSpec;

/**
 * Credit-based flow control on a fabric: an 8-to-1 incast across a dumbbell at 40 Gb/s (h0..h7 on sw0 send 200 KB
 * each to h8 on sw1) with 300 KB switch buffers and no PFC. Without flow control the 8:1 queue at sw0 overflows and
 * drops (the check that this incast stresses the buffer); with CBFC on the class nothing is ever dropped, no switch
 * ever holds more of a (port, class) than it granted, and the bottleneck stays busy: the incast ends near its
 * serialization bound, 8 x 200 packets x 1,082 wire bytes at 40 Gb/s = 346.24 us.
 */
class CbfcFabricTest {
    private static final int SENDERS = 8;
    private static final long BYTES = 200_000;
    private static final double BOUND_PS = SENDERS * 200 * 1082 * 8e12 / G40;

    private final Topology t = new DumbbellSpec(SENDERS, 2, LinkSpec.gbps(40, 100), LinkSpec.gbps(40, 100)).build();

    private static SwitchSettings noPfc() {
        PfcSettings off = new PfcSettings(false, List.of(PRIO), null, null, null, null, null, null, null, null, null,
                null, null, null, null);
        return Lossless.switches(300_000L, off);
    }

    private List<FlowSpec> incast() {
        List<FlowSpec> flows = new ArrayList<>();
        for (int h = 0; h < SENDERS; h++) {
            flows.add(Lossless.flow(h, SENDERS, BYTES));
        }
        return flows;
    }

    @Test
    void withoutFlowControlTheIncastDrops() {
        RunResult r = Lossless.run(t, noPfc(), incast(), 5 * MS, null);
        assertTrue(r.dropPackets() > 0, "the incast overflows a 300 KB buffer without flow control");
    }

    @Test
    void withCbfcNothingDropsAndNoClassExceedsItsCredit() {
        SwitchSettings s = noPfc().withCbfc(new CbfcSettings(List.of(PRIO), null, null));
        List<SwitchNode> switches = new ArrayList<>();
        PacketNetwork[] net = new PacketNetwork[1];
        RunResult r = Lossless.run(t, s, incast(), 5 * MS, (sim, n, fl) -> {
            net[0] = n;
            switches.add(n.switchAt(t.nodeId("sw0")));
            switches.add(n.switchAt(t.nodeId("sw1")));
        });
        assertEquals(0, r.dropPackets());
        long last = 0;
        for (FlowResult f : r.flows()) {
            assertTrue(f.finishPs() > 0, "flow " + f.flowId() + " finished");
            assertEquals(0, f.retransmits());
            last = Math.max(last, f.finishPs());
        }
        boolean full = false;
        for (SwitchNode sw : switches) {
            CreditLedger l = sw.credited();
            assertEquals(0, l.overGrant(), sw.name());
            for (int port = 0; port < sw.portCount(); port++) {
                long peak = l.peakBytes(port, PRIO);
                assertTrue(peak <= l.grantBytes(port), sw.name() + " port " + port + ": " + peak + " > "
                        + l.grantBytes(port));
                full |= peak > l.grantBytes(port) - Lossless.FIRST_FRAME;
                assertEquals(0, l.heldBytes(port, PRIO), "every credited frame left " + sw.name());
            }
        }
        assertTrue(full, "some ingress used its whole credit: the incast was held back by credits");
        // the senders were held by credit, not by drops: each host port stalled
        EgressPort h0 = net[0].egress(t.nodeId("h0"), 0);
        assertTrue(h0.credits().stalls(PRIO) > 0);
        // the bottleneck stayed busy: within 3 % of the serialization bound plus 5 us of path and start-up
        assertTrue(last <= 1.03 * BOUND_PS + 5 * US, "incast took " + last + " ps, bound " + BOUND_PS);
    }
}
