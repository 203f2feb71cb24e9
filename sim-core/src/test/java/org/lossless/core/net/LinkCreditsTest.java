package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;

/**
 * Credit-based flow control on one cable, by hand. One transmitter A sends 4,000 B frames (4,020 B on the wire) of
 * class 3 without end at 100 Gb/s over 100 m (500 ns each way); the receiver takes each frame as its last bit arrives
 * and returns its credit at once on the reverse port B, whose wire is otherwise idle. The credit loop of a frame:
 * <pre>
 * its line time 4,020 x 80 ps = 321,600 ps + cable 500,000 + credit frame 84 x 80 = 6,720 + cable 500,000
 *   + processing 100,000 = 1,428,320 ps
 * </pre>
 * With credit C the class keeps floor(C / 4,000) frames in the loop: it moves min(line, floor(C/F) x F x 8 / loop).
 * The line carries 4,000 frame bytes per 321,600 ps = 99.502 Gb/s of frames. Line rate needs floor(C/F) x 321,600
 * &ge; 1,428,320: 5 frames (20,000 B).
 */
class LinkCreditsTest {
    private static final long GBPS_100 = 100_000_000_000L;
    private static final int FRAME = 4000;
    private static final int WIRE = 4020;
    private static final long CABLE_PS = 500_000;
    private static final long PROCESSING_PS = 100_000;
    private static final long SER_PS = WIRE * 80L;
    private static final long LOOP_PS = SER_PS + CABLE_PS + LinkCredits.WIRE_BYTES * 80L + CABLE_PS + PROCESSING_PS;
    /** Measured from 100 us (past the start) to 2.1 ms. */
    private static final long FROM_PS = 100_000_000L;
    private static final long TO_PS = 2_100_000_000L;

    private final Kernel kernel = new Kernel();
    private final PacketPool pool = new PacketPool();
    private final EgressPort a = new EgressPort(kernel, GBPS_100);
    private final EgressPort b = new EgressPort(kernel, GBPS_100);
    private long delivered;
    private long peakHeld;

    /** Runs the loop with credit {@code credit}; returns the frame bytes delivered per second in the window, b/s. */
    private double run(long credit) {
        a.enableCredits(pool, 1 << 3, PROCESSING_PS, FRAME).grant(3, credit);
        b.enableCredits(pool, 1 << 3, PROCESSING_PS, FRAME);
        Link ab = new Link(kernel, CABLE_PS, (p, in) -> {
            assertEquals(PacketType.DATA, p.type);
            long now = kernel.now();
            if (now > FROM_PS && now <= TO_PS) {
                delivered += p.frameBytes;
            }
            b.credits().returnCredit(3, p.frameBytes);
        }, 0);
        Link ba = new Link(kernel, CABLE_PS, (p, in) -> {
            assertEquals(PacketType.LINK_CREDIT, p.type);
            a.credits().received(p);
            pool.release(p);
        }, 0);
        a.connect(ab, egress -> {
            if (egress.isPaused(3) || egress.creditBlocked(3, FRAME)) {
                return null;
            }
            peakHeld = Math.max(peakHeld, credit - egress.credits().credit(3) + FRAME);
            Packet p = new Packet();
            p.priority = 3;
            p.frameBytes = FRAME;
            p.wireBytes = WIRE;
            return p;
        });
        b.connect(ba, new PacketSource() {
            @Override
            public Packet next(EgressPort port) {
                return null;
            }

            @Override
            public boolean hasQueued() {
                return false;
            }
        });
        a.kick();
        kernel.runUntil(TO_PS);
        return delivered * 8.0 / ((TO_PS - FROM_PS) / 1e12);
    }

    private static double expected(long credit) {
        double line = FRAME * 8.0 / (SER_PS / 1e12);
        double loop = (credit / FRAME) * FRAME * 8.0 / (LOOP_PS / 1e12);
        return Math.min(line, loop);
    }

    @Nested
    class Throughput {
        @Test
        void twoFramesOfCreditMoveTwoFramesPerLoop() {
            // 2 x 4,000 x 8 / 1,428,320 ps = 44.80 Gb/s
            assertEquals(44.80e9, expected(8_000), 0.01e9);
            assertEquals(expected(8_000), run(8_000), 0.02 * expected(8_000));
        }

        @Test
        void creditBelowAWholeFrameMoreDoesNotCount() {
            // 10,000 B: still two frames in the loop (a frame starts only with its whole credit)
            assertEquals(expected(8_000), run(10_000), 0.02 * expected(8_000));
        }

        @Test
        void fourFramesAreJustShortOfTheLine() {
            // 4 x 321,600 = 1,286,400 < 1,428,320: 89.6 Gb/s
            assertEquals(89.61e9, expected(16_000), 0.01e9);
            assertEquals(expected(16_000), run(16_000), 0.02 * expected(16_000));
        }

        @Test
        void fiveFramesKeepTheLineBusy() {
            // 5 x 321,600 = 1,608,000 >= 1,428,320: the line, 99.50 Gb/s of frames
            assertEquals(99.50e9, expected(20_000), 0.01e9);
            assertEquals(expected(20_000), run(20_000), 0.02 * expected(20_000));
        }
    }

    @Nested
    class Accounting {
        @Test
        void theClassIsStalledForTheRestOfEachLoop() {
            run(8_000);
            a.closeAccounting();
            // each loop: 2 frames on the wire (643,200 ps), then no credit until the loop ends (785,120 ps)
            double fraction = (double) a.credits().stallPs(3) / TO_PS;
            assertEquals((LOOP_PS - 2 * SER_PS) / (double) LOOP_PS, fraction, 0.02);
            // one stall per loop
            assertEquals(TO_PS / (double) LOOP_PS, a.credits().stalls(3), 2);
            assertEquals(0, a.credits().minCredit(3));
        }

        @Test
        void theReceiverNeverHoldsMoreThanItGranted() {
            run(8_000);
            assertTrue(peakHeld <= 8_000, "peak " + peakHeld);
            assertEquals(8_000, peakHeld);
        }

        @Test
        void creditUpdatesCoalesceWhileWaitingForTheWire() {
            run(20_000);
            // one update per data frame at most, and the counts of both ends agree once nothing is in flight
            assertTrue(b.credits().framesSent() <= a.counters().txPackets(3));
            assertTrue(a.credits().framesReceived() >= b.credits().framesSent() - 2);
            assertEquals(0, a.counters().drops(3));
        }

        @Test
        void withEnoughCreditTheClassNeverStalls() {
            run(40_000);
            a.closeAccounting();
            assertEquals(0, a.credits().stalls(3));
        }
    }
}
