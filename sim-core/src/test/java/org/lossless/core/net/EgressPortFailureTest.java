package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;

/**
 * A cable that fails and comes back, seen from its transmitter: 1000 B frames (1020 B of line time,
 * 81,600 ps at 100 Gb/s) on a 1 µs cable. What is on the wire or on the cable when it fails is lost (handed
 * to the loss hook, never delivered; the frame being serialized is on the cable already, last); the transmitter
 * stops pulling; on restore it sends again and the frames arrive serialization + propagation later.
 */
class EgressPortFailureTest {
    /** Every run stops here: 10 ms simulated, beyond every answer below (an event re-armed forever cannot stall a test). */
    private static final long END_PS = 10_000_000_000L;
    private static final long G100 = 100_000_000_000L;
    private static final long FRAME_PS = 81_600;
    private static final long DELAY_PS = 1_000_000;

    private final Kernel kernel = new Kernel();
    private final EgressPort port = new EgressPort(kernel, G100);
    private final PacketRing queue = new PacketRing();
    private final List<Long> arrivals = new ArrayList<>();
    private final List<Long> arrivedPsns = new ArrayList<>();
    private final List<Long> lostPsns = new ArrayList<>();
    private final Link link = new Link(kernel, DELAY_PS, (p, in) -> {
        arrivals.add(kernel.now());
        arrivedPsns.add(p.psn);
    }, 0);

    EgressPortFailureTest() {
        for (int i = 1; i <= 5; i++) {
            Packet p = new Packet();
            p.psn = i;
            p.priority = 3;
            p.frameBytes = 1000;
            p.wireBytes = 1020;
            queue.add(p);
        }
        port.connect(link, egress -> egress.isPaused(3) ? null : queue.poll());
        port.onLoss(p -> lostPsns.add(p.psn));
    }

    private void at(long t, Runnable r) {
        At.at(kernel, t, r);
    }

    @Test
    void aFailureLosesTheFrameOnTheWireAndEveryFrameOnTheCable() {
        port.kick();
        // at 200,000: frames 1 and 2 are on the cable (sent by 81,600 and 163,200), frame 3 is being serialized
        at(200_000, port::fail);
        kernel.runUntil(END_PS);
        assertEquals(List.of(1L, 2L, 3L), lostPsns, "the cable's frames in order, the one being serialized last");
        assertEquals(List.of(), arrivals, "nothing crosses a dead cable");
        assertEquals(2, queue.size(), "frames 4 and 5 were never pulled");
        assertFalse(port.isUp());
        assertTrue(link.isDown());
        assertEquals(0, link.inFlight());
        assertEquals(3, port.counters().txPackets(3), "frames count as sent when they start: the lost one too");
        assertEquals(0, kernel.pending(), "a failed port has no pending event");
    }

    @Test
    void aFailedPortDoesNotSendWhenKicked() {
        port.fail();
        port.kick();
        kernel.runUntil(END_PS);
        assertEquals(5, queue.size());
        assertFalse(port.busy());
    }

    @Test
    void aControlFrameWaitingBehindTheWireIsLostToo() {
        port.kick();
        Packet pfc = PauseSender.frame(new PacketPool(), 3, 100);
        pfc.psn = 99;
        at(10_000, () -> port.sendUrgent(pfc)); // waits for frame 1, on the wire until 81,600
        at(20_000, port::fail);
        kernel.runUntil(END_PS);
        assertEquals(List.of(1L, 99L), lostPsns);
        assertFalse(port.idle());
    }

    @Test
    void aRestoredLinkCarriesFramesAgain() {
        port.kick();
        at(200_000, port::fail);
        at(300_000, port::restore);
        kernel.runUntil(END_PS);
        assertTrue(port.isUp());
        assertFalse(link.isDown(), "the cable itself is up again");
        assertEquals(List.of(4L, 5L), arrivedPsns);
        assertEquals(List.of(300_000 + FRAME_PS + DELAY_PS, 300_000 + 2 * FRAME_PS + DELAY_PS), arrivals);
        assertEquals(5, port.counters().txPackets(3), "1, 2, 3 started before the failure, 4 and 5 after");
    }

    @Test
    void aFailureEndsAPauseAndCountsItsTimeUpToTheFailure() {
        Packet xoff = PauseSender.frame(new PacketPool(), 3, 65535);
        at(0, () -> port.onPause(xoff));
        at(0, port::kick);
        at(500_000, port::fail);
        at(700_000, port::restore);
        kernel.runUntil(END_PS);
        assertEquals(500_000, port.counters().pausedPs(3), "paused from 0 until the failure");
        assertEquals(0, port.pauseState().pausedMask(), "a link that comes back starts unpaused");
        // the restored port sends at once: five frames from 700,000
        assertEquals(700_000 + FRAME_PS + DELAY_PS, arrivals.get(0));
        assertEquals(5, arrivals.size());
    }
}
