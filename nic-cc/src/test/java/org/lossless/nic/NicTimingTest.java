package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;

/**
 * The NIC's transport timings on two NICs back to back at 100 Gb/s with 1 us of cable, MTU 1000, an ACK per
 * packet: the ACK generation delay, the retransmission timer of a QP that still has packets to send, the NACK
 * retry interval. Times by hand: a frame of f bytes takes (f + 20) x 80 ps on the wire.
 */
class NicTimingTest {
    static final long RATE = 100_000_000_000L;
    static final long US = 1_000_000L;

    @Nested
    class AckDelay {
        @Test
        void everyAckLeavesTheDelayLaterAndTheSenderSeesItThatMuchLater() {
            // PersistentQpTest's three messages: delivered at 1,220,960 / 1,308,800 / 1,443,200 ps. Each last
            // packet's ACK joins the send queue 500 ns after it was handled, takes 86 B x 80 ps = 6,880 ps on the
            // wire and 1 us of cable: acked = delivered + 500,000 + 6,880 + 1,000,000
            BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build().withAckDelay(500_000), RATE, US);
            QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
            b.nic[0].post(qp, b.flow(0, 1, 2500, Verb.WRITE));
            b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
            b.nic[0].post(qp, b.flow(0, 1, 1500, Verb.WRITE));
            b.kernel.runUntil(10 * US);
            assertEquals(List.of("delivered 0 @1220960", "delivered 1 @1308800", "delivered 2 @1443200",
                    "acked 0 @2727840", "acked 1 @2815680", "acked 2 @2950080"), b.log);
            // every data packet's ACK left its handling + 500 ns: the first data frame (1098 B wire) arrives at
            // 87,840 + 1,000,000 ps
            List<BackToBack.Frame> acks = b.sent(1, PacketType.ACK);
            assertEquals(6, acks.size());
            assertEquals(1_087_840L + 500_000L, acks.get(0).startPs());
        }

        @Test
        void zeroDelayIsTheDefault() {
            assertEquals(0, NicConfig.builder().mtu(1000).ackEvery(1).build().ackDelayPs());
        }
    }

    @Nested
    class RetransmissionTimer {
        @Test
        void aPausedQpWithPacketsOutstandingTimesOut() {
            // 20 packets from 0; at 200 ns both NICs receive a PAUSE of priority 3 for 65,535 quanta (335.5392 us
            // at 100 Gb/s): host 0 has sent PSNs 0..2 (the third started at 174,400 ps, before the pause), host 1
            // holds their ACKs (ACKs go on the data priority). The timer started with PSN 0 at 0, so at rto =
            // 100 us the QP times out although it still has 17 packets to send: go back to PSN 0, nothing outstanding
            // any more, no second timeout; the 3 packets count as retransmitted when they go out again, after the pause
            BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build().withRto(100 * US), RATE, US);
            QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
            Flow f = b.flow(0, 1, 20_000, Verb.WRITE);
            b.nic[0].post(qp, f);
            b.at(200_000, () -> {
                pause(b, 0);
                pause(b, 1);
            });
            b.kernel.runUntil(300 * US);
            assertEquals(1, f.timeouts());
            assertEquals(0, f.retransmittedPackets(), "rewound, not yet sent again");
            assertEquals(-1, f.ackedPs());
            b.kernel.runUntil(600 * US);
            assertTrue(f.ackedPs() > 335 * US, "completes after the pause");
            assertEquals(1, f.timeouts());
            assertEquals(3, f.retransmittedPackets());
            assertEquals(3_000, f.retransmittedBytes());
        }

        @Test
        void theDefaultIsTheIbTimeoutWithExponent14() {
            assertEquals(67_108_864_000L, NicConfig.DEFAULT_RTO_PS);   // 4.096 us x 16,384
            assertEquals(NicConfig.DEFAULT_RTO_PS, NicConfig.builder().mtu(1000).ackEvery(1).build().rtoPs());
        }

        private void pause(BackToBack b, int host) {
            Packet p = b.pool.acquire();
            p.type = PacketType.PFC;
            p.pfcClassEnable(1 << 3);
            p.pfcQuanta(3, 65_535);
            b.nic[host].receive(p, 0);
        }
    }

    @Nested
    class NackRetry {
        /** Out-of-sequence packets for a QP whose receiver expects PSN 0, injected at host 1 at {@code times}. */
        private List<BackToBack.Frame> nacks(long intervalPs, long... times) {
            BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build().withNackInterval(intervalPs), RATE, US);
            QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
            for (int i = 0; i < times.length; i++) {
                long psn = 2 + i;
                b.at(times[i], () -> {
                    Packet p = b.pool.acquire();
                    p.type = PacketType.DATA;
                    p.flowId = qp.id;
                    p.srcHost = 0;
                    p.dstHost = 1;
                    p.psn = psn;
                    p.priority = 3;
                    b.nic[1].receive(p, 0);
                });
            }
            b.kernel.runUntil(2_000 * US);
            return b.sent(1, PacketType.NACK);
        }

        @Test
        void theGapIsNackedAgainOnlyAfterTheInterval() {
            // gap at PSN 0: NACK at 10 us; 10.1 us and 509.9 us are within 500 us of it (no NACK); 510 us is not
            // (NACK, the interval restarts); 1,009 us is within 500 us of 510 us; 1,010 us is not
            List<BackToBack.Frame> n = nacks(500 * US, 10 * US, 10_100_000, 509_900_000, 510 * US, 1_009 * US,
                    1_010 * US);
            assertEquals(List.of(10 * US, 510 * US, 1_010 * US), n.stream().map(BackToBack.Frame::startPs).toList());
            assertTrue(n.stream().allMatch(f -> f.psn() == 0));
        }

        @Test
        void zeroIntervalSendsOneNackPerGap() {
            assertEquals(1, nacks(0, 10 * US, 510 * US, 1_010 * US).size());
        }
    }
}
