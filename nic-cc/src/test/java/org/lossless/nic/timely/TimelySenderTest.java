package org.lossless.nic.timely;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;

/**
 * TIMELY's rate steps, scripted with hand values at the defaults (α 0.875, β 0.8, T_low 50 us, T_high 500 us,
 * minRTT 20 us, δ 100 Mb/s, HAI 500 Mb/s after 5 increases), 100 Gb/s line rate. An RTT sample counts once
 * its ACK covers data sent after the previous update; the first one only records the RTT.
 */
class TimelySenderTest {
    static final long US = 1_000_000L;
    static final long G = 1_000_000_000L;
    static final long M = 1_000_000L;

    final TimelySender s = new TimelySender(TimelyParams.DEFAULTS, 100 * G, 0, 1000);
    long next;

    /** Sends up to PSN {@code sentThrough}, then an ACK for {@code ackPsn} arrives with RTT {@code rttUs}. */
    void step(long sentThrough, long ackPsn, double rttUs) {
        for (; next <= sentThrough; next++) {
            s.onSent(0, next + 1);
        }
        Packet ack = new Packet();
        ack.psn = ackPsn;
        s.onAck(0, ack, 1000);
        s.onRttSample(0, (long) (rttUs * US));
    }

    @Test
    void cutsOnARisingRttAndIncreasesOnAFallingOne() {
        step(9, 0, 60);
        assertEquals(100 * G, s.rateBps(0), "the first sample only records the RTT");
        // rising by 20 us: diff = 0.875 x 20 = 17.5 us, gradient 17.5/20 = 0.875, R = 100G x (1 - 0.8 x 0.875) = 30G
        step(19, 10, 80);
        assertEquals(30 * G, (double) s.rateBps(0), 1.0);
        // an ACK for data sent before that update does not count
        step(19, 15, 200);
        assertEquals(30 * G, (double) s.rateBps(0), 1.0);
        // falling by 10 us: diff = 0.125 x 17.5 + 0.875 x (-10) = -6.5625 us < 0: R + 100 Mb/s
        step(29, 20, 70);
        assertEquals(30 * G + 100 * M, (double) s.rateBps(0), 1.0);
        // falling again: diff = 0.125 x (-6.5625) + 0.875 x (-10) = -9.5703125 us: + 100 Mb/s
        step(39, 30, 60);
        assertEquals(30 * G + 200 * M, (double) s.rateBps(0), 1.0);
        // rising by 1 us only: diff = 0.125 x (-9.5703125) + 0.875 x 1 = -0.32 us, still negative: increase
        step(49, 40, 61);
        assertEquals(30 * G + 300 * M, (double) s.rateBps(0), 1.0);
        // rising by 9 us: diff = 0.125 x (-0.3212890625) + 0.875 x 9 = 7.8348388671875 us, gradient 0.391741943359375:
        // R = 30.3G x (1 - 0.8 x 0.391741943359375) = 20,804,175,292.97 bps
        step(59, 50, 70);
        assertEquals(30.3e9 * (1 - 0.8 * (0.125 * -0.3212890625 + 0.875 * 9) / 20), (double) s.rateBps(0), 1.0);
        assertEquals(20_804_175_292L, (double) s.rateBps(0), 1.0);
    }

    @Test
    void aRewindStartsTheWindowAtWhatIsSentAgain() {
        step(9, 0, 60);
        step(99, 10, 80); // cut to 30 Gb/s; the next update needs an ACK past PSN 99
        assertEquals(30 * G, (double) s.rateBps(0), 1.0);
        // go-back-N sends the QP back to PSN 20 and resends 20..29; the ACK for 25 covers data sent after the rewind's
        // first packet (the HPCC simulator's gate waited for an ACK past 99): falling RTT, diff = 0.125 x 17.5 +
        // 0.875 x (-10) = -6.5625 us, increase
        next = 20;
        step(29, 25, 70);
        assertEquals(30 * G + 100 * M, (double) s.rateBps(0), 1.0);
        // the window now ends at 30: an ACK for 28 does not count
        step(29, 28, 40);
        assertEquals(30 * G + 100 * M, (double) s.rateBps(0), 1.0);
    }

    @Test
    void aboveTHighCutsByHowFarAboveAndBelowTLowAlwaysIncreases() {
        step(9, 0, 400);
        // 600 us > T_high: R = 100G x (1 - 0.8 x (1 - 500/600)) = 86.666... Gb/s
        step(19, 10, 600);
        assertEquals(100e9 * (1 - 0.8 / 6), (double) s.rateBps(0), 1.0);
        // 40 us < T_low: increase; 45 us after 40 us is a rising RTT, but still below T_low: increase again
        long r = s.rateBps(0);
        step(29, 20, 40);
        assertEquals(r + 100 * M, s.rateBps(0));
        step(39, 30, 45);
        assertEquals(r + 200 * M, s.rateBps(0), "below T_low a rising RTT still increases");
    }

    @Test
    void hyperActiveIncreaseAfterFiveIncreases() {
        step(9, 0, 60);
        step(19, 10, 80); // cut to 30 Gb/s, stage 0
        long r = s.rateBps(0);
        long psn = 20;
        for (int i = 1; i <= 7; i++) {
            step(psn + 9, psn, 30); // below T_low
            psn += 10;
            long expected = r + Math.min(i, 5) * 100 * M + Math.max(0, i - 5) * 500 * M;
            assertEquals(expected, s.rateBps(0), "increase " + i);
        }
    }
}
