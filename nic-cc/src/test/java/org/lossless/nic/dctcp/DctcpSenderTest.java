package org.lossless.nic.dctcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;

/**
 * DCTCP's α, cut and increase against hand values: g = 1/16, ai 615 Mb/s, line rate 100 Gb/s, no window.
 * A mark is the ECN echo that reaches the sender just before its ACK.
 */
class DctcpSenderTest {
    final DctcpSender s = new DctcpSender(DctcpParams.DEFAULTS, 100_000_000_000L, 0, 1000);

    void ack(long psn, boolean marked) {
        if (marked) {
            s.onCongestionNotification(0);
        }
        Packet a = new Packet();
        a.psn = psn;
        a.ce(marked);
        s.onAck(0, a, 1000);
    }

    @Test
    void cutsByHalfAlphaOncePerWindowAndLearnsTheMarkedFraction() {
        for (long n = 1; n <= 10; n++) {
            s.onSent(0, n);
        }
        // first ACK opens the first window (ends at PSN 10, 11 ACKs expected) and, marked, cuts by α/2 = 1/2
        ack(0, true);
        assertEquals(50_000_000_000L, s.rateBps(0));
        // more marks in the same window: CWR holds, no further cut
        ack(1, true);
        ack(2, true);
        assertEquals(50_000_000_000L, s.rateBps(0));
        for (long n = 11; n <= 20; n++) {
            s.onSent(0, n);
        }
        // ACK of PSN 10 (next 11 > 10): new window; α = 15/16 x 1 + 1/16 x min(1, 3/11) = 0.954545...;
        // CWR ends (11 > 10, the PSN after the cut); unmarked: + 615 Mb/s
        ack(10, false);
        assertEquals(15.0 / 16 + 3.0 / 11 / 16, s.alpha(), 1e-15);
        assertEquals(50_615_000_000L, s.rateBps(0));
        // a mark outside CWR: R x (1 - α/2)
        ack(11, true);
        assertEquals((long) (50_615_000_000L * (1 - (15.0 / 16 + 3.0 / 11 / 16) / 2)), s.rateBps(0));
    }
}
