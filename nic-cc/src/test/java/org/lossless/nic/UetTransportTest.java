package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.PacketType;

/**
 * Ultra Ethernet's transport (RUD, selective retransmission, trimming NACKs, entropy per packet) on two NICs back to
 * back at 100 Gb/s, 1 us of cable, MTU 1000, no congestion control. Times by hand: every UET data frame carries
 * its offset (1078 B, +20 B on the wire: 87,840 ps), so packet k ends at (k + 1) x 87,840 ps and arrives 1 us later;
 * an ACK or NACK is 86 B on the wire (6,880 ps) and is back 1 us + 6,880 ps + 1 us = 2,006,880 ps after the packet it
 * answers ended.
 */
class UetTransportTest {
    static final long RATE = 100_000_000_000L;
    static final long US = 1_000_000L;
    static final int MTU = 1000;
    static final long FRAME = 87_840;

    static NicConfig uet() {
        return NicConfig.builder().mtu(MTU).ackEvery(1).rtoPs(500 * US).ackPriority(NicConfig.SAME_AS_DATA).cnpPriority(NicConfig.DEFAULT_CNP_PRIORITY).dcqcn(null).build()
                .withUet(UetConfig.ROCE.withTransport(UetConfig.UET).withCc("none"));
    }

    @Nested
    class Recovery {
        @Test
        void aTrimmedPacketIsNackedOnceAndResentAloneWithNoTimeout() {
            LossyPair pair = new LossyPair(uet(), RATE, US, 0);
            pair.trimOnce.add(3L);
            Flow f = pair.write(10 * MTU);
            pair.kernel.runUntil(200 * US);
            assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 3L), pair.dataPsns());
            List<LossyPair.Frame> nacks = pair.control(PacketType.NACK);
            assertEquals(1, nacks.size());
            assertEquals(3, nacks.get(0).sackPsn());
            assertEquals(1, pair.nic[1].trimNacksSent());
            assertEquals(0, f.timeouts);
            assertEquals(1, f.retransmittedPackets);
            // the NACK leaves when the trimmed header arrives (4 frames + 1 us), is back 6,880 ps + 1 us later; the
            // resend starts then and completes the message when it arrives
            long nackBack = 4 * FRAME + US + 6_880 + US;
            assertEquals(nackBack, pair.data().get(10).startPs());
            assertEquals(nackBack + FRAME + US, f.finishPs());
        }

        @Test
        void aLostPacketIsResentAloneAfterTheTimeoutAndReorderingAloneResendsNothing() {
            LossyPair pair = new LossyPair(uet(), RATE, US, 0);
            pair.dropOnce.add(3L);
            Flow f = pair.write(10 * MTU);
            pair.kernel.runUntil(300 * US);
            // packets 4..9 arrive out of order and are acknowledged selectively: only 3 goes again, when the
            // cumulative ACK (last moved by packet 2's ACK) has not moved for nic.uet.rto (100 us)
            assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 3L), pair.dataPsns());
            assertEquals(0, pair.control(PacketType.NACK).size());
            long lastProgress = 3 * FRAME + US + 6_880 + US;
            assertEquals(lastProgress + UetConfig.DEFAULT_RTO_PS, pair.data().get(10).startPs());
            assertEquals(1, f.timeouts);
            assertEquals(lastProgress + UetConfig.DEFAULT_RTO_PS + FRAME + US, f.finishPs());
        }

        @Test
        void withoutLossEveryPacketGoesOnceAndEachIsAcknowledged() {
            LossyPair pair = new LossyPair(uet(), RATE, US, 0);
            Flow f = pair.write(10 * MTU);
            pair.kernel.runUntil(100 * US);
            assertEquals(10, pair.dataPsns().size());
            assertEquals(10, pair.control(PacketType.ACK).size());
            assertEquals(10 * FRAME + US, f.finishPs());
            assertEquals(0, pair.pool.outstanding());
        }
    }

    @Nested
    class AckField {
        @Test
        void carriesTheCumulativeAcknowledgementAndTheTriggeringPsn() {
            long field = Rud.ackPsn(5, 9);
            assertEquals(4, Rud.cumulative(field));
            assertEquals(9, Rud.trigger(field));
            assertEquals(-1, Rud.cumulative(Rud.ackPsn(0, 3)));
            assertEquals(3, Rud.trigger(Rud.ackPsn(0, 3)));
            assertEquals(1_000_000_000L, Rud.trigger(Rud.ackPsn(1_000_000_001L, 1_000_000_000L)));
        }
    }

    @Nested
    class Entropy {
        @Test
        void noneKeepsTheQpPort() {
            Spray s = new Spray(UetConfig.NONE, 50_000, 256, 32);
            for (int i = 0; i < 10; i++) {
                assertEquals(50_000, s.next());
            }
        }

        @Test
        void obliviousSpreadsOverTheQpsEntropies() {
            Spray s = new Spray(UetConfig.OBLIVIOUS, 65_530, 16, 32);
            Set<Integer> seen = new HashSet<>();
            for (int i = 0; i < 1000; i++) {
                int e = s.next();
                assertTrue(e >= HostNic.UDP_PORT_MIN && e <= HostNic.UDP_PORT_MAX, "port " + e);
                seen.add(e);
            }
            // 16 consecutive ports from 65530, wrapping into 49152..
            assertEquals(16, seen.size());
            assertTrue(seen.contains(65_535) && seen.contains(49_152 + 9));
        }

        @Test
        void repsReusesEntropiesAckedWithoutEcnFirstInFirstOut() {
            Spray s = new Spray(UetConfig.REPS, 50_000, 256, 2);
            s.acked(50_007, false);
            s.acked(50_003, true);    // marked: not remembered
            s.acked(50_005, false);
            s.acked(50_009, false);   // buffer of 2 full: dropped
            assertEquals(50_007, s.next());
            assertEquals(50_005, s.next());
            assertEquals(2, s.recycled());
            s.next();   // the buffer is empty: a drawn entropy, not a recycled one
            assertEquals(2, s.recycled());
        }
    }
}
