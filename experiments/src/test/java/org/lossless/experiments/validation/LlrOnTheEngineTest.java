package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.nic.NicConfig;
import org.lossless.nic.UetConfig;
import org.lossless.switchmodel.settings.LlrSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;

/**
 * Frame errors on every link (1 frame in 100 corrupted) under a 4 MB UET transfer between two hosts through one
 * switch: with LLR every corrupted frame is replayed at the link layer, so the transport resends nothing; without
 * it the corrupted data frames and ACKs are lost and the transport resends (after trims never: these are errors,
 * so after its timeout).
 */
class LlrOnTheEngineTest {
    static final long US = 1_000_000L;

    static PacketHarness run(boolean llr) {
        NicConfig nic = NicConfig.builder().mtu(4096).ackEvery(1).build().withUet(UetConfig.ROCE.withTransport(UetConfig.UET));
        SwitchSettings sw = SwitchSettings.defaults().withLlr(new LlrSettings(llr, 0.01));
        PacketHarness h = new PacketHarness(StarTopology.build(2, 100_000_000_000L, US), nic, sw,
                List.of(new FlowSpec("t", 1, 0, 4_000_000, 0, 3)), 1);
        h.runUntil(100_000 * US);
        return h;
    }

    @Test
    void llrHidesLinkErrorsFromTheTransport() {
        PacketHarness with = run(true);
        PacketHarness without = run(false);
        System.out.printf("4 MB over 2 links with 1 %% frame errors: LLR done at %.1f us, %d resent; without %.1f us,"
                        + " %d resent, %d timeouts%n", with.flow(0).finishPs() / 1e6,
                with.flow(0).retransmittedPackets(), without.flow(0).finishPs() / 1e6,
                without.flow(0).retransmittedPackets(), without.flow(0).timeouts());
        assertTrue(with.flow(0).finished() && without.flow(0).finished());
        assertEquals(0, with.flow(0).retransmittedPackets());
        assertEquals(0, with.flow(0).timeouts());
        assertTrue(without.flow(0).retransmittedPackets() > 0);
        assertTrue(with.flow(0).finishPs() < without.flow(0).finishPs());
    }

    /**
     * The run's LLR counters: every corrupted frame is replayed (itself at least, so replayed >= corrupted), and a
     * recovery takes at least the NACK's way back and the replay's way forward (2 x 1 us); without retry nothing is
     * replayed. The error draws are the same in both runs only until the first difference, so each run is checked
     * on its own.
     */
    @Test
    void llrCountersReachTheRunsSummary() {
        org.lossless.experiments.metrics.UetCounters with = run(true).network.uetCounters();
        org.lossless.experiments.metrics.UetCounters without = run(false).network.uetCounters();
        assertTrue(with.llr() && without.llr());
        assertTrue(with.llrCorrupted() > 0);
        assertTrue(with.llrReplayed() >= with.llrCorrupted());
        assertTrue(with.llrMaxRecoveryPs() >= 2 * US, "recovery " + with.llrMaxRecoveryPs());
        assertTrue(without.llrCorrupted() > 0);
        assertEquals(0, without.llrReplayed());
        assertEquals(0, without.llrMaxRecoveryPs());
    }
}
