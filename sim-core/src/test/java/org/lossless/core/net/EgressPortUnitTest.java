package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;

/**
 * One transmitter on a zero-delay cable (a frame arrives when its last bit leaves), with tiny event
 * sequences and a bounded run: counters and busy time, the transmit probe, when the port calls itself idle,
 * ignoring a received PAUSE (the PFC watchdog's "forward"), pauses pending within the response time, and
 * the one expiry event per port (re-armed for the next pause, cancelled when no timed pause is left).
 * At 100 Gb/s a 1000 B frame (1020 B of line time) takes 81,600 ps, a 500 B one 41,600 ps, a PFC frame
 * (84 B) 6,720 ps; one quantum is 5,120 ps.
 */
class EgressPortUnitTest {
    private static final long G100 = 100_000_000_000L;
    private static final long FRAME_PS = 81_600;
    /** Every run stops here: 10 ms of simulated time, far beyond every answer below. */
    private static final long END_PS = 10_000_000_000L;

    private final Kernel kernel = new Kernel();
    private final PacketPool pool = new PacketPool();
    /** Arrivals at the far end: psn and time. */
    private final List<long[]> arrivals = new ArrayList<>();
    private final Link link = new Link(kernel, 0, (p, in) -> arrivals.add(new long[] {p.psn, kernel.now()}), 0);
    private final PacketRing queue = new PacketRing();

    private static Packet data(long psn, int priority, int frameBytes) {
        Packet p = new Packet();
        p.psn = psn;
        p.priority = (byte) priority;
        p.frameBytes = (char) frameBytes;
        p.wireBytes = (char) (frameBytes + WireFormat.ROCEV2.wireExtra());
        return p;
    }

    /** A port whose source hands out the head of {@link #queue} unless its priority is paused. */
    private EgressPort port(long responsePs) {
        EgressPort port = new EgressPort(kernel, G100, false, responsePs);
        port.connect(link, e -> !queue.isEmpty() && !e.isPaused(queue.peek().priority) ? queue.poll() : null);
        return port;
    }

    private void at(long t, Runnable r) {
        At.at(kernel, t, r);
    }

    private List<Long> arrivalTimes() {
        return arrivals.stream().map(a -> a[1]).toList();
    }

    @Test
    void serializationTimeIsTheWireBitsOverTheRateRoundedUp() {
        assertEquals(FRAME_PS, new EgressPort(kernel, G100).serializationPs(1020));
        assertEquals(20_960, new EgressPort(kernel, 4 * G100).serializationPs(1048), "1048 B x 8 / 400 Gb/s");
        // 680 bits at 3 Gb/s: 226,666.7 ps, rounded up (3 Gb/s does not divide 8 x 10^12)
        assertEquals(226_667, new EgressPort(kernel, 3_000_000_000L).serializationPs(85));
        assertEquals(1_344_000_000L, new EgressPort(kernel, 500_000).serializationPs(84), "672 bits at 500 kb/s");
        assertEquals(171_798_691_760L, new EgressPort(kernel, G100).serializationPs(Integer.MAX_VALUE),
                "(2^31 - 1) x 80 ps: no overflow");
    }

    @Test
    void belowOneMbPerSecondASerializationBeyondALongIsRefusedNotWrapped() {
        // 1 kb/s: 1500 B = 12,000 bits take 12 s; 2^31 - 1 B would take 1.7 x 10^19 ps, more than a long holds
        EgressPort slow = new EgressPort(kernel, 1000);
        assertEquals(12_000_000_000_000L, slow.serializationPs(1500));
        assertThrows(ArithmeticException.class, () -> slow.serializationPs(Integer.MAX_VALUE));
    }

    @Test
    void theSourceIsToldWhetherTheLinkIsUpWhenConnectedFailedAndRestored() {
        List<Boolean> told = new ArrayList<>();
        PacketSource source = new PacketSource() {
            @Override
            public Packet next(EgressPort port) {
                return null;
            }

            @Override
            public void linkUp(boolean up) {
                told.add(up);
            }
        };
        EgressPort port = new EgressPort(kernel, G100);
        port.connect(link, source);
        port.fail();
        port.restore();
        Link dead = new Link(kernel, 0, (p, in) -> { }, 0);
        dead.fail(p -> { });
        new EgressPort(kernel, G100).connect(dead, source);
        assertEquals(List.of(true, false, true, false), told, "connected, failed, restored, connected to a failed link");
    }

    @Test
    void countsEachPriorityAloneWhenThreePrioritiesTakeTurns() {
        // the port keeps the rows of its last two priorities: a third one in between must not mix their sums
        EgressPort port = port(0);
        int[] prios = {3, 7, 3, 5, 7, 3, 5, 5, 0, 7};
        int[] bytes = {1000, 64, 900, 500, 66, 800, 400, 300, 100, 68};
        for (int i = 0; i < prios.length; i++) {
            queue.add(data(i, prios[i], bytes[i]));
        }
        port.kick();
        port.countEcnMarked(5);
        port.countEcnMarked(3);
        kernel.runUntil(END_PS);
        assertEquals(1000 + 900 + 800, port.counters().txBytes(3));
        assertEquals(3, port.counters().txPackets(3));
        assertEquals(64 + 66 + 68, port.counters().txBytes(7));
        assertEquals(3, port.counters().txPackets(7));
        assertEquals(500 + 400 + 300, port.counters().txBytes(5));
        assertEquals(3, port.counters().txPackets(5));
        assertEquals(100, port.counters().txBytes(0));
        assertEquals(1, port.counters().txPackets(0));
        assertEquals(1, port.counters().ecnMarked(5));
        assertEquals(1, port.counters().ecnMarked(3));
        assertEquals(0, port.counters().ecnMarked(7) + port.counters().txPackets(1) + port.counters().txPackets(6));
    }

    @Test
    void theRateMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new EgressPort(kernel, 0));
        assertThrows(IllegalArgumentException.class, () -> new EgressPort(kernel, -1));
        assertEquals(1, new EgressPort(kernel, 1).rateBps());
    }

    @Test
    void countsFramesBytesAndBusyTimePerPriority() {
        EgressPort port = port(0);
        assertEquals(G100, port.rateBps());
        assertSame(link, port.link());
        queue.add(data(1, 3, 1000));
        queue.add(data(2, 3, 1000));
        queue.add(data(3, 5, 500));
        port.kick();
        port.sendUrgent(PauseSender.frame(pool, 6, 100));
        kernel.runUntil(END_PS);
        assertEquals(2_000, port.counters().txBytes(3));
        assertEquals(2, port.counters().txPackets(3));
        assertEquals(500, port.counters().txBytes(5));
        assertEquals(1, port.counters().txPackets(5));
        assertEquals(1, port.counters().pauseTx(6), "a PFC frame counts as pause_tx");
        assertEquals(0, port.counters().txPackets(6) + port.counters().txBytes(6), "and not as data");
        assertEquals(2 * FRAME_PS + 41_600 + 6_720, port.busyPs());
    }

    @Test
    void theProbeSeesWhenEachFrameStartedAndEnded() {
        EgressPort port = port(0);
        List<long[]> seen = new ArrayList<>();
        port.probe((f, start, end) -> seen.add(new long[] {f.psn, start, end}));
        queue.add(data(1, 3, 1000));
        queue.add(data(2, 3, 1000));
        port.kick();
        kernel.runUntil(END_PS);
        assertEquals(List.of(List.of(1L, 0L, FRAME_PS), List.of(2L, FRAME_PS, 2 * FRAME_PS)),
                seen.stream().map(a -> List.of(a[0], a[1], a[2])).toList());
        port.probe(null);
        queue.add(data(3, 3, 1000));
        port.kick();
        kernel.runUntil(2 * END_PS);
        assertEquals(2, seen.size(), "a removed probe hears nothing");
        assertEquals(3, arrivals.size());
    }

    @Test
    void idleMeansNothingOnTheWireNothingUrgentWaitingAndTheLinkUp() {
        EgressPort port = port(0);
        assertTrue(port.idle(), "a new port with nothing to send");
        queue.add(data(1, 3, 1000));
        port.kick();
        assertFalse(port.idle(), "a frame on the wire");
        assertTrue(port.busy());
        port.sendUrgent(PauseSender.frame(pool, 3, 100));
        kernel.runUntil(10_000);
        assertFalse(port.idle(), "a control frame waits behind the wire");
        kernel.runUntil(END_PS);
        assertTrue(port.idle(), "both frames sent");
        assertFalse(port.busy());
        queue.add(data(2, 3, 1000));
        port.kick();
        kernel.runUntil(2 * END_PS);
        assertTrue(port.idle(), "still idle after a data frame alone");
        port.fail();
        assertFalse(port.idle(), "a port on a failed link takes nothing");
        assertEquals(3, arrivals.size());
    }

    @Test
    void anIgnoredPauseLetsFramesGoAndObeyingAgainHoldsTheNext() {
        // XOFF at 0 holds all three frames; ignored from 100,000 (frame 1 starts then, frame 2 at 181,600);
        // obeyed again from 200,000, so frame 3 (due at 263,200) waits for the XON at 1,000,000
        EgressPort port = port(0);
        for (int i = 1; i <= 3; i++) {
            queue.add(data(i, 3, 1000));
        }
        port.onPause(PauseSender.frame(pool, 3, 65535));
        port.kick();
        List<Boolean> paused = new ArrayList<>();
        at(100_000, () -> port.ignorePause(3, true));
        at(150_000, () -> paused.add(port.isPaused(3)));
        at(200_000, () -> port.ignorePause(3, false));
        at(250_000, () -> paused.add(port.isPaused(3)));
        at(1_000_000, () -> port.onPause(PauseSender.frame(pool, 3, 0)));
        kernel.runUntil(END_PS);
        assertEquals(List.of(100_000 + FRAME_PS, 100_000 + 2 * FRAME_PS, 1_000_000 + FRAME_PS), arrivalTimes());
        assertEquals(List.of(false, true), paused);
        assertEquals(1_000_000, port.counters().pausedPs(3), "received pauses are still counted while ignored");
        assertEquals(2, port.counters().pauseRx(3));
    }

    @Test
    void ignoringOnePriorityLeavesTheOthersPaused() {
        EgressPort port = port(0);
        port.onPause(PauseSender.frame(pool, 2, 65535));
        port.onPause(PauseSender.frame(pool, 3, 65535));
        port.ignorePause(2, true);
        assertFalse(port.isPaused(2));
        assertTrue(port.isPaused(3));
    }

    @Test
    void aPauseWithinItsResponseTimeIsReceivedButNotYetObeyed() {
        // response 200,000 ps: XOFF at 40,000 is in effect from 240,000; XON at 400,000
        EgressPort port = port(200_000);
        List<List<Boolean>> seen = new ArrayList<>();
        Runnable look = () -> seen.add(List.of(port.pauseReceived(3), port.isPaused(3), port.pauseReceived(4)));
        at(40_000, () -> port.onPause(PauseSender.frame(pool, 3, 65535)));
        at(100_000, look);
        at(300_000, look);
        at(400_000, () -> port.onPause(PauseSender.frame(pool, 3, 0)));
        at(500_000, look);
        kernel.runUntil(END_PS);
        assertEquals(List.of(List.of(true, false, false), List.of(true, true, false), List.of(false, false, false)), seen);
    }

    @Test
    void anXonCancelsTheExpiryOfTheTimedPauseItEnds() {
        EgressPort port = port(0);
        at(0, () -> port.onPause(PauseSender.frame(pool, 3, 100))); // would expire at 512,000
        at(100_000, () -> port.onPause(PauseSender.frame(pool, 3, 0)));
        kernel.runUntil(100_000);
        assertEquals(0, kernel.pending(), "an idle, unpaused port has no pending event");
    }

    @Test
    void aFailureCancelsTheExpiryOfARunningPause() {
        EgressPort port = port(0);
        at(0, () -> port.onPause(PauseSender.frame(pool, 3, 100)));
        at(100_000, port::fail);
        kernel.runUntil(100_000);
        assertEquals(0, kernel.pending(), "a failed port has no pending event");
        assertEquals(100_000, port.counters().pausedPs(3));
    }

    @Test
    void theExpiryIsReArmedForTheNextTimedPause() {
        // one frame of priority 6; priority 2 paused 10 quanta (51,200 ps), priority 6 20 quanta (102,400 ps),
        // from 0. The expiry at 51,200 finds priority 6 still paused; re-armed, it fires at 102,400 and
        // the frame leaves then: arrival 102,400 + 81,600.
        EgressPort port = port(0);
        queue.add(data(1, 6, 1000));
        Packet both = PauseSender.frame(pool, 2, 10);
        both.pfcClassEnable(both.pfcClassEnable() | 1 << 6);
        both.pfcQuanta(6, 20);
        port.onPause(both);
        port.kick();
        kernel.runUntil(END_PS);
        assertEquals(List.of(102_400 + FRAME_PS), arrivalTimes());
        assertEquals(51_200, port.counters().pausedPs(2));
        assertEquals(102_400, port.counters().pausedPs(6));
        assertEquals(0, kernel.pending());
    }

    @Test
    void closeAccountingAddsTheRunningPauseAtTheEndOfARun() {
        EgressPort port = port(0);
        at(1_000, () -> port.onPause(PauseSender.frame(pool, 3, 65535)));
        kernel.runUntil(301_000);
        assertEquals(1_000, port.pauseState().pauseStartPs(3));
        assertEquals(0, port.counters().pausedPs(3), "nothing counted while the pause runs");
        port.closeAccounting();
        assertEquals(300_000, port.counters().pausedPs(3));
    }
}
