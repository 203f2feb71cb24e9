package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.nic.NicConfig;
import org.lossless.nic.UetConfig;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.switchmodel.settings.TrimmingSettings;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

/**
 * Packet trimming on a 2-to-1 incast: hosts 1 and 2 each send 1 MB to host 0 through one switch at 100 Gb/s on
 * priority 1, which PFC does not cover, over UET with NSCC (each sender starts at 1.5 BDP of window, so the first
 * round overflows the 100 KB buffer), with trimming on priority 1. By hand: every trimmed packet's header reaches
 * host 0 ahead of the queue and is NACKed at once, once; the sender resends exactly it; nothing waits for a
 * timeout. On a star every trim is at the last hop (the port facing host 0).
 */
class UetTrimmingIncastTest {
    static final long US = 1_000_000L;
    static final long SIZE = 1_000_000;

    PacketHarness run(boolean trimming) {
        Topology star = StarTopology.build(3, 100_000_000_000L, US);
        NicConfig nic = NicConfig.builder().mtu(4096).ackEvery(1).build().withUet(UetConfig.ROCE.withTransport(UetConfig.UET));
        // no PFC at all (switch.flow_control: none): no headroom is set aside, all 100 KB are shared
        PfcSettings off = new PfcSettings(false, null, null, null, null, null, null, null, null, null, null, null, null,
                null);
        SwitchSettings sw = new SwitchSettings(null, 100_000L, null, null, off, null, null, null, null, null);
        if (trimming) {
            sw = sw.withTrimming(new TrimmingSettings(List.of(1), 64));
        }
        PacketHarness h = new PacketHarness(star, nic, sw, List.of(new FlowSpec("incast", 1, 0, SIZE, 0, 1),
                new FlowSpec("incast", 2, 0, SIZE, 0, 1)), 1);
        h.runUntil(50_000 * US);
        return h;
    }

    @Test
    void oneNackPerTrimmedPacketAndNoTimeout() {
        PacketHarness h = run(true);
        SwitchNode sw = h.network.switchAt(h.topology.nodeId("sw0"));
        long lastHop = sw.trims(true);
        long nacks = h.network.nic(0).trimNacksSent();
        long resent = h.flow(0).retransmittedPackets() + h.flow(1).retransmittedPackets();
        long timeouts = h.flow(0).timeouts() + h.flow(1).timeouts();
        System.out.printf("2-to-1 UET incast with trimming: %d trims (last hop), %d in-network, %d NACKs, %d resent,"
                        + " %d timeouts, FCTs %.1f / %.1f us%n", lastHop, sw.trims(false), nacks, resent, timeouts,
                h.flow(0).finishPs() / 1e6, h.flow(1).finishPs() / 1e6);
        assertTrue(lastHop > 0, "the first round overflows the buffer");
        assertEquals(0, sw.trims(false));
        assertEquals(lastHop, nacks);
        assertEquals(lastHop, resent);
        assertEquals(0, timeouts);
        assertTrue(h.flow(0).finished() && h.flow(1).finished());
        assertEquals(0, sw.port(h.port("sw0", "h0")).counters().drops(1));
    }

    /**
     * What summary.json reports for the same run: the fabric's sums are the switch's and the receiver's own counts
     * above (one switch, one receiver: every trim last hop, one NACK each); 30 is the figure docs/uet.md gives for
     * this incast. NSCC sends no grants and has no credit to stall on.
     */
    @Test
    void theRunsCountersAreTheSwitchAndNicCounts() {
        PacketHarness h = run(true);
        org.lossless.experiments.metrics.UetCounters c = h.network.uetCounters();
        assertTrue(c.uet());
        assertEquals(30, c.trimsLastHop());
        assertEquals(0, c.trimsInNetwork());
        assertEquals(30, c.trimNacks());
        assertEquals(0, c.creditGrants());
        assertEquals(0, c.creditStalls());
        assertFalse(c.llr());
    }

    @Test
    void withoutTrimmingTheSameOverflowDropsAndWaitsForTimeouts() {
        PacketHarness h = run(false);
        long timeouts = h.flow(0).timeouts() + h.flow(1).timeouts();
        long nacks = h.network.nic(0).trimNacksSent();
        System.out.printf("2-to-1 UET incast without trimming: %d timeouts, FCTs %.1f / %.1f us%n", timeouts,
                h.flow(0).finishPs() / 1e6, h.flow(1).finishPs() / 1e6);
        assertEquals(0, nacks);
        assertTrue(timeouts > 0);
        assertTrue(h.flow(0).finished() && h.flow(1).finished());
    }
}
