package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.PacketType;
import org.lossless.nic.dcqcn.DcqcnProfiles;

/**
 * Persistent queue pairs on two NICs back to back at 100 Gb/s with 1 us of cable, MTU 1000, an ACK per
 * packet. Times by hand: a frame of f bytes takes (f + 20) x 80 ps on the wire (preamble, SFD, IFG).
 */
class PersistentQpTest {
    static final long RATE = 100_000_000_000L;
    static final long US = 1_000_000L;

    @Test
    void messagesOnOneQpContinueThePsnsAndCompleteInPostOrder() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 2500, Verb.WRITE));
        b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
        b.nic[0].post(qp, b.flow(0, 1, 1500, Verb.WRITE));
        b.kernel.runUntil(10 * US);

        List<BackToBack.Frame> data = b.sent(0, PacketType.DATA);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), data.stream().map(BackToBack.Frame::psn).toList(),
                "PSNs continue from one message to the next");
        // each message's first packet carries a RETH: 1000 + 62 + 16, then 1000 + 62, the last 500 + 62
        assertEquals(List.of(1078, 1062, 562, 1078, 1078, 562), data.stream().map(BackToBack.Frame::frameBytes).toList());
        // back to back at line rate; the receiver holds a message at its last packet's arrival (+1 us), the
        // sender sees its ACK (86 B on the wire, 6,880 ps) 1 us later
        assertEquals(List.of("delivered 0 @1220960", "delivered 1 @1308800", "delivered 2 @1443200",
                "acked 0 @2227840", "acked 1 @2315680", "acked 2 @2450080"), b.log);
        assertTrue(qp.fullyAcked());
    }

    @Test
    void aSecondMessageStartsAtTheRateTheFirstLeftNotAtLineRate() {
        // paper2015: the first CNP cuts R_C to line rate x (1 - 0.5 x alpha 1) = 50 Gb/s at once; nothing
        // raises it before the rate-increase timer (55 us after the CNP) or 10 MB of byte counter
        List<BackToBack.Frame> persistent = secondMessage(true);
        List<BackToBack.Frame> fresh = secondMessage(false);
        assertEquals(30 * US, persistent.get(0).startPs(), "an idle QP's pacer has expired: the message starts at once");
        assertEquals(30 * US, fresh.get(0).startPs());
        // 1098 B (RETH) then 1082 B on the wire: at 50 Gb/s 175,680 and 173,120 ps apart, at line rate half that
        assertEquals(List.of(175_680L, 173_120L, 173_120L, 173_120L), gaps(persistent));
        assertEquals(List.of(87_840L, 86_560L, 86_560L, 86_560L), gaps(fresh));
    }

    /** Message 1 (20 packets) gets a CNP at 100 ns; message 2 (5 packets) is posted at 30 us. */
    private static List<BackToBack.Frame> secondMessage(boolean sameQp) {
        NicConfig config = NicConfig.builder().mtu(1000).ackEvery(1).build().withDcqcn(DcqcnProfiles.paper2015(RATE));
        BackToBack b = new BackToBack(config, RATE, US);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 20_000, Verb.WRITE));
        b.cnpAt(100_000L, qp);
        Flow second = b.flow(0, 1, 5_000, Verb.WRITE);
        b.at(30 * US, () -> {
            assertTrue(qp.fullyAcked(), "message 1 is done before message 2 is posted");
            if (sameQp) {
                b.nic[0].post(qp, second);
            } else {
                b.nic[0].startFlow(second);
            }
        });
        b.kernel.runUntil(40 * US);
        assertTrue(second.ackedPs() > 0);
        return b.sent(0, PacketType.DATA).stream().filter(f -> f.startPs() >= 30 * US).toList();
    }

    private static List<Long> gaps(List<BackToBack.Frame> frames) {
        return java.util.stream.IntStream.range(1, frames.size())
                .mapToObj(i -> frames.get(i).startPs() - frames.get(i - 1).startPs()).toList();
    }
}
