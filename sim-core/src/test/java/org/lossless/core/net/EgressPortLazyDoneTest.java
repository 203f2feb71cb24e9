package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;

/**
 * The port's lazy "transmission done": a frame is handed to its link when it starts, and the port arms its own
 * event at the end of the frame only when its source says it holds more ({@link PacketSource#hasQueued()}) or a
 * control frame waits. The source here is a queue that answers, and kicks the port when a frame is added (as a
 * switch's queues and a NIC do). 100 Gb/s, 1000 B frames (1020 B of line time, 81,600 ps), a PFC frame 6,720 ps,
 * a 1 us cable: a frame started at S arrives at S + 81,600 + 1,000,000.
 */
class EgressPortLazyDoneTest {
    private static final long G100 = 100_000_000_000L;
    private static final long FRAME_PS = 81_600;
    private static final long PFC_PS = 6_720;
    private static final long DELAY_PS = 1_000_000;
    private static final long END_PS = 10_000_000_000L;

    private final Kernel kernel = new Kernel();
    private final PacketPool pool = new PacketPool();
    private final List<Long> arrivals = new ArrayList<>();
    private final List<Long> arrivedPsns = new ArrayList<>();
    private final Link link = new Link(kernel, DELAY_PS, (p, in) -> {
        arrivals.add(kernel.now());
        arrivedPsns.add(p.psn);
    }, 0);
    private final PacketRing queue = new PacketRing();
    /** The source's calls to {@code next}. */
    private int asked;
    /** Probe: psn, when the probe was called, start, end. */
    private final List<List<Long>> probed = new ArrayList<>();
    private final EgressPort port = new EgressPort(kernel, G100);

    EgressPortLazyDoneTest() {
        port.connect(link, new PacketSource() {
            @Override
            public Packet next(EgressPort e) {
                asked++;
                return queue.isEmpty() || e.isPaused(queue.peek().priority) ? null : queue.poll();
            }

            @Override
            public boolean hasQueued() {
                return !queue.isEmpty();
            }
        });
        port.probe((f, start, end) -> probed.add(List.of(f.psn, kernel.now(), start, end)));
    }

    private static Packet data(long psn) {
        Packet p = new Packet();
        p.psn = psn;
        p.priority = 3;
        p.frameBytes = 1000;
        p.wireBytes = 1020;
        return p;
    }

    /** Queues frame {@code psn} and kicks the port (what a source that answers {@code hasQueued} promises). */
    private void add(long psn) {
        queue.add(data(psn));
        port.kick();
    }

    private void at(long t, Runnable r) {
        At.at(kernel, t, r);
    }

    @Test
    void aLoneFrameCostsOnlyItsArrivalEvent() {
        add(1);
        assertEquals(1, kernel.pending(), "the link's arrival; no transmission-done event");
        assertFalse(port.isScheduled());
        assertTrue(port.busy());
        assertEquals(FRAME_PS, port.busyUntilPs());
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS + DELAY_PS), arrivals);
        assertEquals(1, kernel.eventsExecuted());
        assertEquals(1, asked);
    }

    @Test
    void aSourceThatDoesNotAnswerGetsAnEventAtTheEndOfEveryFrame() {
        // the default hasQueued (true): the port asks again at 81,600 and finds nothing: two events
        Kernel k = new Kernel();
        EgressPort eager = new EgressPort(k, G100);
        List<Long> at = new ArrayList<>();
        eager.connect(new Link(k, DELAY_PS, (p, in) -> at.add(k.now()), 0), e -> queue.poll());
        queue.add(data(1));
        eager.kick();
        assertEquals(2, k.pending());
        k.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS + DELAY_PS), at);
        assertEquals(2, k.eventsExecuted());
    }

    @Test
    void aFrameQueuedWhileTheWireIsBusyStartsWhenTheWireIsFree() {
        add(1);
        at(30_000, () -> add(2));
        at(30_001, () -> {
            assertTrue(port.isScheduled(), "the kick armed the port's event");
            assertEquals(FRAME_PS, port.timePs());
        });
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS + DELAY_PS, 2 * FRAME_PS + DELAY_PS), arrivals);
        assertEquals(List.of(List.of(1L, 0L, 0L, FRAME_PS), List.of(2L, FRAME_PS, FRAME_PS, 2 * FRAME_PS)), probed,
                "each frame is shown to the probe when it starts, with its end");
        assertEquals(2 + 2 + 1, kernel.eventsExecuted(), "two test events, two arrivals, one port event");
    }

    @Test
    void framesQueuedTogetherLeaveBackToBackWithAnEventBetweenEach() {
        queue.add(data(1));
        queue.add(data(2));
        add(3);
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS + DELAY_PS, 2 * FRAME_PS + DELAY_PS, 3 * FRAME_PS + DELAY_PS), arrivals);
        assertEquals(3 + 2, kernel.eventsExecuted(), "three arrivals; the port's event at 81,600 and 163,200 only");
    }

    @Test
    void aFrameOfferedExactlyWhenTheWireFreesStartsThenWithoutAnEvent() {
        add(1);
        at(FRAME_PS, () -> add(2));
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS + DELAY_PS, 2 * FRAME_PS + DELAY_PS), arrivals);
        assertEquals(1 + 2, kernel.eventsExecuted(), "the test's event and two arrivals");
    }

    @Test
    void aPauseFrameSentWhileTheWireIsBusyLeavesWhenItIsFreeAndCountsThen() {
        add(1);
        at(10_000, () -> port.sendUrgent(PauseSender.frame(pool, 3, 100)));
        List<Long> pauseTx = new ArrayList<>();
        at(FRAME_PS - 1, () -> pauseTx.add(port.counters().pauseTx(3)));
        at(FRAME_PS + 1, () -> pauseTx.add(port.counters().pauseTx(3)));
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS + DELAY_PS, FRAME_PS + PFC_PS + DELAY_PS), arrivals);
        assertEquals(List.of(FRAME_PS, FRAME_PS, FRAME_PS + PFC_PS), probed.get(1).subList(1, 4));
        assertEquals(List.of(0L, 1L), pauseTx, "pause_tx counted when the PAUSE starts at 81,600");
    }

    @Test
    void framesAreCountedWhenTheyStart() {
        add(1);
        List<Long> txPackets = new ArrayList<>();
        at(40_000, () -> txPackets.add(port.counters().txPackets(3)));
        kernel.runUntil(END_PS);
        assertEquals(List.of(1L), txPackets, "counted at 0, half way through its serialization");
        assertEquals(1000, port.counters().txBytes(3));
        assertEquals(FRAME_PS, port.busyPs());
    }

    @Test
    void cutThroughStartsNoEarlierThanTheEndOfThePreviousFrame() {
        // frame 1 on the wire 0..81,600. Frame 2, offered at 100,000 as if started at 50,000, starts at 81,600.
        // Frame 3, offered at 200,000 while the wire is busy until 163,200, is not cut through: it starts then
        add(1);
        at(100_000, () -> {
            queue.add(data(2));
            port.kickCutThrough(50_000);
        });
        at(120_000, () -> {
            queue.add(data(3));
            port.kickCutThrough(110_000);
        });
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS + DELAY_PS, 2 * FRAME_PS + DELAY_PS, 3 * FRAME_PS + DELAY_PS), arrivals);
        assertEquals(List.of(2L, 100_000L, FRAME_PS, 2 * FRAME_PS), probed.get(1));
        assertEquals(List.of(3L, 2 * FRAME_PS, 2 * FRAME_PS, 3 * FRAME_PS), probed.get(2));
    }

    @Test
    void aFailureDuringSerializationLosesTheFrameAndTheRestoredWireIsFree() {
        List<Long> lost = new ArrayList<>();
        port.onLoss(p -> lost.add(p.psn));
        add(1);
        at(40_000, () -> {
            add(2); // arms the port's event at 81,600, which the failure cancels
            port.fail();
        });
        List<Boolean> state = new ArrayList<>();
        at(40_001, () -> {
            state.add(port.busy());
            state.add(port.isScheduled());
        });
        at(50_000, port::restore); // frame 2 starts at once
        kernel.runUntil(END_PS);
        assertEquals(List.of(1L), lost, "frame 1 was on the cable being serialized");
        assertEquals(List.of(false, false), state, "the wire is free and nothing is pending after the failure");
        assertEquals(List.of(2L), arrivedPsns);
        assertEquals(List.of(50_000 + FRAME_PS + DELAY_PS), arrivals);
        assertEquals(2, port.counters().txPackets(3), "both counted when they started");
        assertEquals(0, kernel.pending());
    }

    @Test
    void aSlowPortWhoseFrameArrivesMoreThan2To31PsAfterItStartsKeepsCorrectTimes() {
        // 1 Mb/s: a 1020 B frame takes 8,160,000,000 ps (> 2^32 ps). Frame 2 is put on the link at 8.16 ms while
        // frame 1 is still in flight and arrives 8.16 ms after it: more than a 32-bit stamp can tell
        Kernel k = new Kernel();
        List<Long> at = new ArrayList<>();
        Link slowLink = new Link(k, DELAY_PS, (p, in) -> at.add(k.now()), 0);
        EgressPort slow = new EgressPort(k, 1_000_000);
        PacketRing q = new PacketRing();
        slow.connect(slowLink, new PacketSource() {
            @Override
            public Packet next(EgressPort e) {
                return q.poll();
            }

            @Override
            public boolean hasQueued() {
                return !q.isEmpty();
            }
        });
        q.add(data(1));
        q.add(data(2));
        slow.kick();
        assertTrue(slowLink.keepsTimes(), "8.161 ms ahead: the link keeps whole times");
        k.runUntil(100_000_000_000L);
        long ser = 8_160_000_000L;
        assertEquals(List.of(ser + DELAY_PS, 2 * ser + DELAY_PS), at);
    }
}
