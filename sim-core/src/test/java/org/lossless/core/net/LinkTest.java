package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;

/**
 * One direction of a cable on its own: frames put on it arrive, in order, one propagation delay later; the
 * ring of frames in flight grows past its first 16 slots (also when its head has moved) and not before it
 * is full; a failure loses everything in flight. Frames are put on the link by hand at chosen times.
 */
class LinkTest {
    private static final long DELAY_PS = 1_000_000;
    /** Every run stops here (10 ms simulated), far beyond every answer below. */
    private static final long END_PS = 10_000_000_000L;

    private final Kernel kernel = new Kernel();
    private final List<Long> psns = new ArrayList<>();
    private final List<Long> times = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();

    private Link link(long delayPs) {
        return new Link(kernel, delayPs, (p, in) -> {
            psns.add(p.psn);
            times.add(kernel.now());
            ports.add(in);
        }, 7);
    }

    private static Packet frame(long psn) {
        Packet p = new Packet();
        p.psn = psn;
        return p;
    }

    private void at(long t, Runnable r) {
        At.at(kernel, t, r);
    }

    @Test
    void theDelayMayBeZeroButNotNegative() {
        assertThrows(IllegalArgumentException.class, () -> link(-1));
        assertEquals(0, link(0).delayPs());
        assertEquals(DELAY_PS, link(DELAY_PS).delayPs());
    }

    @Test
    void arrivalTimesKeptInTheFramesSurviveTheWrapOfTheirLow32Bits() {
        // 2^32 ps = 4,294,967,296 ps. Frames carried at T0 = 2^32 - 1,500,000, T0 + 300,000 and T0 + 900,000 on a
        // 1 us link arrive at 2^32 - 500,000, 2^32 - 200,000 and 2^32 + 400,000: the last across the wrap
        long t0 = (1L << 32) - 1_500_000;
        Link l = link(DELAY_PS);
        at(t0, () -> l.carry(frame(1)));
        at(t0 + 300_000, () -> l.carry(frame(2)));
        at(t0 + 900_000, () -> l.carry(frame(3)));
        kernel.runUntil(END_PS);
        assertEquals(List.of(1L, 2L, 3L), psns);
        assertEquals(List.of((1L << 32) - 500_000, (1L << 32) - 200_000, (1L << 32) + 400_000), times);
    }

    @Test
    void aDelayOfTwoToThe31PsOrMoreKeepsItsArrivalTimesAsTheyAre() {
        // 3 ms (3,000,000,000 ps > 2^31): 20 frames 1 ns apart (the ring grows past 16) arrive 3 ms after each
        long delay = 3_000_000_000L;
        Link l = link(delay);
        for (int i = 0; i < 20; i++) {
            long t = 1_000L * i;
            long psn = i;
            at(t, () -> l.carry(frame(psn)));
        }
        kernel.runUntil(END_PS);
        assertEquals(20, times.size());
        for (int i = 0; i < 20; i++) {
            assertEquals(delay + 1_000L * i, times.get(i));
            assertEquals(i, psns.get(i));
        }
    }

    @Test
    void framesFarApartOnAVeryLongLinkArriveOneDelayAfterTheyAreCarried() {
        // 10 ms: frames carried at 0 and 5 ms are both in flight at 5 ms and arrive at 10 and 15 ms. The 5 ms
        // between the two arrivals (> 2^32 ps = 4.29 ms) would not fit in a 32-bit stamp: the times are kept whole
        long delay = 10_000_000_000L;
        Link l = link(delay);
        at(0, () -> l.carry(frame(1)));
        at(5_000_000_000L, () -> l.carry(frame(2)));
        kernel.runUntil(2 * delay);
        assertEquals(List.of(1L, 2L), psns);
        assertEquals(List.of(delay, delay + 5_000_000_000L), times);
    }

    @Test
    void aFramePutOnBeforeItsDepartureArrivesOneDelayAfterItDeparts() {
        // carried at 0 departing at 81,600 (a 1000 B frame at 100 Gb/s), then at 81,600 departing at 163,200
        Link l = link(DELAY_PS);
        at(0, () -> l.carry(frame(1), 81_600));
        at(81_600, () -> l.carry(frame(2), 163_200));
        kernel.runUntil(END_PS);
        assertEquals(List.of(1L, 2L), psns);
        assertEquals(List.of(81_600 + DELAY_PS, 163_200 + DELAY_PS), times);
        assertFalse(l.keepsTimes());
    }

    @Test
    void aFrameArriving2To31PsOrMoreAfterItIsPutOnSwitchesTheLinkToWholeTimes() {
        // near the wrap of the low 32 bits (T0 = 2^32 - 1,500,000): frames 1 and 2 carry stamps; frame 3, put on at
        // T0 + 200,000 departing 5 ms later, arrives 5 ms after frame 2 (more than 2^32 ps: a stamp cannot tell)
        long t0 = (1L << 32) - 1_500_000;
        long far = 5_000_000_000L;
        Link l = link(DELAY_PS);
        List<Boolean> kept = new ArrayList<>();
        at(t0, () -> l.carry(frame(1)));
        at(t0 + 100_000, () -> l.carry(frame(2), t0 + 150_000));
        at(t0 + 200_000, () -> {
            kept.add(l.keepsTimes());
            l.carry(frame(3), t0 + 200_000 + far);
            kept.add(l.keepsTimes());
            l.carry(frame(4), t0 + 200_000 + far + 10);
        });
        kernel.runUntil(END_PS);
        assertEquals(List.of(false, true), kept);
        assertEquals(List.of(1L, 2L, 3L, 4L), psns);
        assertEquals(List.of(t0 + DELAY_PS, t0 + 150_000 + DELAY_PS, t0 + 200_000 + far + DELAY_PS,
                t0 + 200_010 + far + DELAY_PS), times);
    }

    @Test
    void aFrameArrivingJustUnder2To31PsAheadKeepsTheStamps() {
        // frame 2 put on at 1,000 and frame 3 at 1,001, each arriving 2^31 - 1 ps later: stamps still tell
        Link l = link(DELAY_PS);
        long dep = 1_000 + (1L << 31) - 1 - DELAY_PS;
        at(0, () -> l.carry(frame(1)));
        at(1_000, () -> l.carry(frame(2), dep));
        at(1_001, () -> l.carry(frame(3), dep + 1));
        kernel.runUntil(END_PS);
        assertFalse(l.keepsTimes());
        assertEquals(List.of(DELAY_PS, dep + DELAY_PS, dep + 1 + DELAY_PS), times);
    }

    @Test
    void framesArriveOneDelayAfterTheyAreCarriedInOrder() {
        Link link = link(DELAY_PS);
        List<Integer> inFlight = new ArrayList<>();
        at(0, () -> link.carry(frame(1)));
        at(100, () -> link.carry(frame(2)));
        at(200, () -> link.carry(frame(3)));
        at(500, () -> inFlight.add(link.inFlight()));
        at(DELAY_PS + 50, () -> inFlight.add(link.inFlight()));
        kernel.runUntil(END_PS);
        assertEquals(List.of(1L, 2L, 3L), psns);
        assertEquals(List.of(DELAY_PS, DELAY_PS + 100, DELAY_PS + 200), times);
        assertEquals(List.of(7, 7, 7), ports, "handed to the receiver's port");
        assertEquals(List.of(3, 2), inFlight);
        assertEquals(0, link.inFlight());
    }

    @Test
    void theRingGrowsAcrossItsWrapAndKeepsTheOrder() {
        // ten frames pass first, so the head sits at slot 10 when 40 frames (more than 16 and 32) are in flight
        Link link = link(DELAY_PS);
        for (int i = 0; i < 10; i++) {
            long psn = i;
            at(i, () -> link.carry(frame(psn)));
        }
        for (int i = 0; i < 40; i++) {
            long psn = 100 + i;
            at(2 * DELAY_PS + i, () -> link.carry(frame(psn)));
        }
        List<Integer> inFlight = new ArrayList<>();
        at(2 * DELAY_PS + 500, () -> inFlight.add(link.inFlight()));
        kernel.runUntil(END_PS);
        List<Long> expectedPsns = new ArrayList<>();
        List<Long> expectedTimes = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            expectedPsns.add((long) i);
            expectedTimes.add(DELAY_PS + i);
        }
        for (int i = 0; i < 40; i++) {
            expectedPsns.add(100L + i);
            expectedTimes.add(3 * DELAY_PS + i);
        }
        assertEquals(expectedPsns, psns);
        assertEquals(expectedTimes, times);
        assertEquals(List.of(40), inFlight);
        assertEquals("Link[delay=1000000ps, inFlight=0, ring=[64]]", link.toString(), "grown twice: 16, 32, 64");
    }

    @Test
    void theRingGrowsOnlyWhenFull() {
        // twenty frames, each carried after the previous one arrived: one slot in use at a time
        Link link = link(10);
        for (int i = 0; i < 20; i++) {
            long psn = i;
            at(100L * i, () -> link.carry(frame(psn)));
        }
        kernel.runUntil(END_PS);
        assertEquals(20, psns.size());
        assertEquals("Link[delay=10ps, inFlight=0, ring=[16]]", link.toString());
        // sixteen in flight fill the ring exactly; the seventeenth doubles it
        for (int i = 0; i < 16; i++) {
            link.carry(frame(i));
        }
        assertEquals("Link[delay=10ps, inFlight=16, ring=[16]]", link.toString());
        link.carry(frame(16));
        assertEquals("Link[delay=10ps, inFlight=17, ring=[32]]", link.toString());
    }

    @Test
    void aFailureLosesEveryFrameInFlightInOrderAndARestoredLinkCarriesAgain() {
        Link link = link(DELAY_PS);
        List<Long> lost = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            long psn = i;
            at(10L * i, () -> link.carry(frame(psn)));
        }
        at(500, () -> link.fail(p -> lost.add(p.psn)));
        List<Boolean> down = new ArrayList<>();
        at(600, () -> down.add(link.isDown()));
        at(2_000, () -> {
            link.restore();
            link.carry(frame(6));
        });
        kernel.runUntil(END_PS);
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), lost);
        assertEquals(List.of(6L), psns, "only the frame carried after the restore arrives");
        assertEquals(List.of(2_000 + DELAY_PS), times);
        assertEquals(List.of(true), down);
        assertFalse(link.isDown());
        assertEquals(0, kernel.pending());
    }

    @Test
    void aFailureWithTheHeadInTheMiddleOfTheRingLosesTheRestInOrder() {
        // frames 1..20 carried 10 ps apart from 0; 1..3 have arrived by DELAY_PS + 25, the rest are lost
        Link link = link(DELAY_PS);
        List<Long> lost = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            long psn = i;
            at(10L * (i - 1), () -> link.carry(frame(psn)));
        }
        at(DELAY_PS + 25, () -> link.fail(p -> lost.add(p.psn)));
        kernel.runUntil(END_PS);
        assertEquals(List.of(1L, 2L, 3L), psns);
        List<Long> rest = new ArrayList<>();
        for (long i = 4; i <= 20; i++) {
            rest.add(i);
        }
        assertEquals(rest, lost);
        assertEquals(0, link.inFlight());
    }
}
