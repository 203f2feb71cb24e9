package org.lossless.nic.aimd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.nic.CcAlgorithms;
import org.lossless.nic.cc.CcSpecs;
import org.lossless.nic.cc.CongestionControl;

/** {@code nic.cc: aimd}: the sender's sawtooth, its lazy timer, its guards, and its registration. */
class AimdTest {
    private static final long US = 1_000_000L;
    private static final long G = 1_000_000_000L;

    /** 100 Gb/s line, +10 Gb/s per 10 us tick, halve on a CNP, floor 100 Mb/s. */
    private static Aimd.Sender sender(double md, long minRateBps) {
        return new Aimd(new Aimd.Params(10 * G, md, 10 * US, minRateBps), 100 * G).newSender();
    }

    @Nested
    class Sawtooth {
        /**
         * One bottleneck of 75 Gb/s that sends a CNP the moment the rate exceeds it. By hand: 100 -> cut to 50 at
         * t=0; 60, 70, 80 at 10, 20, 30 us; 80 > 75 cuts to 40 at 30 us; then 50, 60, 70, 80 -> cut at 70 us, and
         * so on: a 40 us period (4 ticks) whose rate is 40, 50, 60, 70 Gb/s for 10 us each, average 55 Gb/s.
         */
        @Test
        void periodAndAverageRateOnOneBottleneck() {
            CongestionControl s = sender(0.5, 100_000_000L);
            long capacity = 75 * G;
            List<Long> cuts = new ArrayList<>();
            double cycleBits = 0;
            double lastCycleBits = 0;
            long t = 0;
            while (cuts.size() < 6) {
                long r = s.rateBps(t);
                if (r > capacity) {
                    s.onCongestionNotification(t);
                    cuts.add(t);
                    lastCycleBits = cycleBits;
                    cycleBits = 0;
                    r = s.rateBps(t);
                }
                long next = s.nextChangePs();
                cycleBits += (double) r * (next - t) / 1e12;
                t = next;
            }
            assertEquals(List.of(0L, 30 * US, 70 * US, 110 * US, 150 * US, 190 * US), cuts);
            // lastCycleBits: the bits sent between the cuts at 150 and 190 us, one full period
            double averageBps = lastCycleBits / ((cuts.get(5) - cuts.get(4)) / 1e12);
            assertEquals(55e9, averageBps, 1e-3);
        }
    }

    @Nested
    class Timer {
        @Test
        void ticksElapsedSinceTheCutApplyAtOnce() {
            CongestionControl s = sender(0.5, 100_000_000L);
            s.onCongestionNotification(0);
            assertEquals(50 * G, s.rateBps(0));
            assertEquals(10 * US, s.nextChangePs());
            assertEquals(80 * G, s.rateBps(35 * US), "3 ticks (10, 20, 30 us) of 10 Gb/s");
            assertEquals(40 * US, s.nextChangePs());
        }

        @Test
        void stopsAtLineRate() {
            CongestionControl s = sender(0.5, 100_000_000L);
            s.onCongestionNotification(0);
            assertEquals(100 * G, s.rateBps(1_000_000 * US));
            assertEquals(CongestionControl.NEVER, s.nextChangePs());
        }

        @Test
        void cutsAtMostOncePerTimer() {
            CongestionControl s = sender(0.5, 100_000_000L);
            s.onCongestionNotification(0);
            s.onCongestionNotification(5 * US);
            assertEquals(50 * G, s.rateBps(5 * US), "a second CNP 5 us after the cut is ignored");
            s.onCongestionNotification(10 * US);
            assertEquals(30 * G, s.rateBps(10 * US), "60 Gb/s after one tick, halved");
        }

        @Test
        void neverBelowMinRate() {
            CongestionControl s = sender(0.1, 20 * G);
            s.onCongestionNotification(0);
            assertEquals(20 * G, s.rateBps(0), "100 x 0.1 = 10 is below the 20 Gb/s floor");
        }
    }

    @Nested
    class Registration {
        @Test
        void foundByTheRegistryAfterTheOthers() {
            assertEquals(List.of("hpcc", "timely", "dctcp", "swift", "aimd"), CcSpecs.names());
            assertEquals(List.of("dcqcn", "hpcc", "timely", "dctcp", "swift", "aimd", "none"), CcAlgorithms.NAMES);
        }

        @Test
        void defaultsAndCanonicalText() {
            Aimd.Spec spec = new Aimd.Spec();
            Aimd.Params p = spec.parse(Map.of());
            assertEquals(new Aimd.Params(G, 0.5, 50 * US, 100_000_000L), p);
            assertEquals(Map.of("ai", "1Gbps", "md", "0.5", "timer", "50us", "min_rate", "100Mbps"), spec.format(p));
            assertEquals(new Aimd.Params(2 * G, 0.25, 50 * US, 100_000_000L),
                    spec.parse(Map.of("ai", "2Gbps", "md", "1/4")));
        }

        @Test
        void badValuesNameTheKey() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Aimd.Params.of(Map.of("md", "1")));
            assertEquals("nic.aimd.md: must be in (0, 1), got 1.0", e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> Aimd.Params.of(Map.of("timer", "0us")));
            assertTrue(e.getMessage().startsWith("nic.aimd.timer: must be > 0"), e.getMessage());
        }
    }
}
