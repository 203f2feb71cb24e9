package org.lossless.nic.nscc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;

/**
 * NSCC's window on a 100 Gb/s path with a 10 us base RTT and 4 KB packets: BDP 125,000 B, largest window 1.5 BDP =
 * 187,500 B, target queueing delay 0.75 x 10 us = 7.5 us (the defaults).
 */
class NsccSenderTest {
    static final long RATE = 100_000_000_000L;
    static final long US = 1_000_000L;
    static final long BASE = 10 * US;
    static final int MTU = 4096;

    static NsccSender sender(Map<String, String> overrides) {
        return new NsccSender(NsccParams.of(overrides), RATE, MTU, BASE);
    }

    static void ack(NsccSender s, long nowPs, long rttPs, boolean ce, long bytes) {
        Packet a = new Packet();
        a.ce(ce);
        s.onAck(nowPs, a, bytes);
        s.onRttSample(nowPs, rttPs);
    }

    @Nested
    class Start {
        @Test
        void startsAtTheLargestWindowOfOneAndAHalfBdp() {
            NsccSender s = sender(Map.of());
            assertEquals(187_500, s.windowBytes());
            assertEquals(7_500_000, s.targetPs());
        }
    }

    @Nested
    class Decrease {
        @Test
        void ecnWithDelayAboveTargetCutsByGammaOfTheExcessOncePerBaseRtt() {
            NsccSender s = sender(Map.of("quick_adapt", "false"));
            long now = 100 * US;
            // marked ACKs, 100 us of queueing each: the delay's average is 100 us x (1 - 0.9875^n) after n samples,
            // above the 7.5 us target from the 7th (8.43 us)
            for (int n = 1; n <= 6; n++) {
                ack(s, now, BASE + 100 * US, true, 0);
                assertEquals(187_500, s.windowBytes(), "sample " + n);
            }
            ack(s, now, BASE + 100 * US, true, 0);
            double avg = 100.0 * (1 - Math.pow(0.9875, 7));
            double expected = 187_500 * Math.max(1 - 0.8 * (avg - 7.5) / avg, 0.5);
            assertEquals(expected, s.cwnd(), 1e-6);
            // no second cut within one base RTT
            ack(s, now + BASE / 2, BASE + 100 * US, true, 0);
            assertEquals(expected, s.cwnd(), 1e-6);
            assertEquals(1, s.decreases());
        }

        @Test
        void ecnWithDelayBelowTargetChangesNothing() {
            NsccSender s = sender(Map.of("quick_adapt", "false"));
            for (int n = 0; n < 50; n++) {
                ack(s, (n + 1) * US, BASE + US, true, MTU);
            }
            assertEquals(187_500, s.windowBytes());
            assertEquals(0, s.decreases());
        }

        @Test
        void aNackTakesItsBytesOffTheWindowWithoutQuickAdapt() {
            NsccSender s = sender(Map.of("quick_adapt", "false"));
            s.onNack(US, MTU);
            assertEquals(187_500 - MTU, s.windowBytes());
        }

        @Test
        void aNackAfterAPeriodThatDeliveredLittleDropsTheWindowToWhatWasDelivered() {
            NsccSender s = sender(Map.of());
            ack(s, US, BASE, false, MTU);           // opens the first quick-adapt period (ends at 1 + 10 + 7.5 us)
            ack(s, 2 * US, BASE, false, MTU);       // delivered in the period: 1 packet (the first ACK's is reset)
            s.onNack(20 * US, MTU);                 // past the period, less than maxwnd / 8 delivered
            assertEquals(MTU, s.windowBytes());
            assertEquals(1, s.quickAdapts());
        }
    }

    @Nested
    class Increase {
        @Test
        void growsBackToTheLargestWindowWithoutQueueingAndNeverPassesIt() {
            NsccSender s = sender(Map.of("quick_adapt", "false"));
            for (int i = 0; i < 30; i++) {
                s.onNack(US, MTU);
            }
            double low = s.cwnd();
            assertEquals(187_500 - 30 * MTU, low, 1e-6);
            long now = 2 * US;
            double prev = low;
            for (int i = 0; i < 2000 && s.cwnd() < 187_500; i++) {
                now += 330_000;   // one 4 KB packet time at 100 Gb/s
                ack(s, now, BASE, false, MTU);
                assertTrue(s.cwnd() >= prev, "the window never falls without ECN or loss");
                prev = s.cwnd();
            }
            assertEquals(187_500, s.windowBytes());
        }
    }
}
