package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;
import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;
import org.lossless.nic.cc.NoCongestionControl;
import org.lossless.nic.dcqcn.Dcqcn;
import org.lossless.nic.dcqcn.DcqcnProfiles;

/**
 * The congestion-control seam: the NIC gives an algorithm what it asks for (ACKs with the bytes they
 * acknowledge, RTT samples from echoed timestamps) and obeys its window, without knowing it by name.
 * Two NICs back to back at 100 Gb/s, 1 us, MTU 1000, an ACK per packet.
 */
class CcInterfaceTest {
    static final long RATE = 100_000_000_000L;
    static final long US = 1_000_000L;

    /** A line-rate algorithm with an optional fixed window that records what it is told. */
    static final class Probe implements CcAlgorithm, CongestionControl {
        final long window;
        final List<Long> rtts = new ArrayList<>();
        final List<Long> acked = new ArrayList<>();

        Probe(long window) {
            this.window = window;
        }

        @Override
        public String name() {
            return "probe";
        }

        @Override
        public CongestionControl newSender() {
            return this;
        }

        @Override
        public CongestionEcho newEcho() {
            return null;
        }

        @Override
        public long rateBps(long nowPs) {
            return RATE;
        }

        @Override
        public long nextChangePs() {
            return NEVER;
        }

        @Override
        public void onBytesSent(long nowPs, long wireBytes) {
        }

        @Override
        public void onCongestionNotification(long nowPs) {
        }

        @Override
        public boolean hasWindow() {
            return window != NO_WINDOW;
        }

        @Override
        public long windowBytes() {
            return window;
        }

        @Override
        public boolean observesAcks() {
            return true;
        }

        @Override
        public void onAck(long nowPs, Packet ack, long newlyAcked) {
            acked.add(newlyAcked);
        }

        @Override
        public void onRttSample(long nowPs, long rttPs) {
            rtts.add(rttPs);
        }
    }

    private static BackToBack run(Probe probe) {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US, (name, config, rate) -> probe);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 2000, Verb.WRITE));
        b.kernel.runUntil(10 * US);
        return b;
    }

    @Test
    void ackedBytesAndRttSamplesReachTheAlgorithm() {
        Probe probe = new Probe(CongestionControl.NO_WINDOW);
        BackToBack b = run(probe);
        // packet 0 (1098 B wire) leaves at 0 and ends at 87,840, arrives at 1,087,840, its ACK (86 B: 6,880 ps)
        // arrives back at 2,094,720; packet 1 (1082 B) leaves at 87,840, ends 174,400, ACK back at 2,181,280
        assertEquals(List.of(2_094_720L, 2_181_280L - 87_840L), probe.rtts);
        assertEquals(List.of(1000L, 1000L), probe.acked);
        assertEquals(2, b.sent(0, PacketType.DATA).size());
    }

    @Test
    void theAlgorithmsWindowHoldsTheQpUntilAnAckOpensIt() {
        Probe probe = new Probe(1000);
        BackToBack b = run(probe);
        // one packet in flight: packet 1 waits for packet 0's ACK at 2,094,720
        assertEquals(List.of(0L, 2_094_720L), b.sent(0, PacketType.DATA).stream().map(BackToBack.Frame::startPs).toList());
        // packet 1 is 1082 B on the wire (no RETH): its RTT is 1,280 ps shorter than packet 0's
        assertEquals(List.of(2_094_720L, 2_093_440L), probe.rtts);
    }

    @Test
    void builtInAlgorithmsByName() {
        NicConfig c = NicConfig.builder().mtu(1000).ackEvery(1).build().withDcqcn(DcqcnProfiles.mlx5(RATE));
        CcAlgorithm d = CcAlgorithms.BUILT_IN.create("dcqcn", c, 25_000_000_000L);
        assertEquals("dcqcn", d.name());
        assertEquals(25_000_000_000L, ((Dcqcn) d).params().lineRateBps(), "DCQCN at the NIC's own line rate");
        CcAlgorithm none = CcAlgorithms.BUILT_IN.create("none", c, RATE);
        assertEquals(RATE, none.newSender().rateBps(0));
        assertEquals(null, none.newEcho());
        assertTrue(none instanceof NoCongestionControl);
        assertThrows(IllegalArgumentException.class, () -> CcAlgorithms.BUILT_IN.create("hpcc", c, RATE),
                "HPCC's base_rtt auto must be filled in by the network first");
        assertEquals("hpcc", CcAlgorithms.BUILT_IN.create("hpcc", c.withFabricRtt(12 * US), RATE).name());
        assertThrows(IllegalArgumentException.class, () -> CcAlgorithms.BUILT_IN.create("dcqcn", NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE));
        assertThrows(IllegalArgumentException.class, () -> NicConfig.builder().mtu(1000).ackEvery(1).build().withCc("bbr"));
        // dcqcn first, then every registered algorithm in the services file's order (built-ins first), none last
        List<String> names = new java.util.ArrayList<>(List.of("dcqcn"));
        names.addAll(org.lossless.nic.cc.CcSpecs.names());
        names.add("none");
        assertEquals(names, CcAlgorithms.NAMES);
        assertEquals(List.of("hpcc", "timely", "dctcp", "swift"), org.lossless.nic.cc.CcSpecs.names().subList(0, 4));
    }

    @Test
    void aQpChoosesItsOwnAlgorithm() {
        // nic.cc none, one QP asks for dcqcn: only that QP reacts to a CNP (paper2015 cuts to 50 Gb/s)
        NicConfig c = NicConfig.builder().mtu(1000).ackEvery(1).build().withDcqcn(DcqcnProfiles.paper2015(RATE)).withCc("none");
        BackToBack b = new BackToBack(c, RATE, US);
        QueuePair plain = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        QueuePair dcqcn = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(1), "dcqcn");
        b.nic[0].post(plain, b.flow(0, 1, 50_000, Verb.WRITE));
        b.nic[0].post(dcqcn, b.flow(0, 1, 50_000, Verb.WRITE));
        b.cnpAt(0, plain);
        b.cnpAt(0, dcqcn);
        b.at(1 * US, () -> {
            assertEquals(RATE, plain.currentRateBps(b.kernel.now()));
            assertEquals(RATE / 2, dcqcn.currentRateBps(b.kernel.now()));
        });
        b.kernel.runUntil(1 * US);
        assertEquals(1, plain.cnps());
        assertEquals(1, dcqcn.cnps());
    }
}
