package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;

/**
 * The receiving side of a PAUSE with a response time (802.3 Annex 31B.3.7): frames of the paused priority
 * may still start until arrival + response; the one on the wire then finishes. Times by hand at 100 Gb/s:
 * a 1000 B frame is 1020 B of line time = 81,600 ps; one quantum is 5,120 ps. The link has no delay, so an
 * arrival is the end of a transmission.
 */
class PfcResponseTimeTest {
    /** Every run stops here: 10 ms simulated, beyond every answer below (an event re-armed forever cannot stall a test). */
    private static final long END_PS = 10_000_000_000L;
    private static final long GBPS_100 = 100_000_000_000L;
    private static final long FRAME_PS = 81_600;

    private final Kernel kernel = new Kernel();
    private final List<Long> arrivals = new ArrayList<>();

    private final PacketRing queue = new PacketRing();

    private void add(int frames) {
        for (int i = 0; i < frames; i++) {
            Packet p = new Packet();
            p.priority = 3;
            p.frameBytes = 1000;
            p.wireBytes = 1020;
            queue.add(p);
        }
    }

    private EgressPort port(long responsePs, int frames) {
        EgressPort port = new EgressPort(kernel, GBPS_100, false, responsePs);
        add(frames);
        port.connect(new Link(kernel, 0, (p, in) -> arrivals.add(kernel.now()), 0),
                egress -> !queue.isEmpty() && !egress.isPaused(3) ? queue.poll() : null);
        return port;
    }

    private void at(long t, Runnable r) {
        At.at(kernel, t, r);
    }

    private static Packet pfc(int quanta) {
        Packet p = new Packet();
        p.type = PacketType.PFC;
        p.pfcClassEnable(1 << 3);
        p.pfcQuanta(3, quanta);
        p.frameBytes = (char) WireFormat.ROCEV2.pfcFrame();
        p.wireBytes = (char) (WireFormat.ROCEV2.wire(WireFormat.ROCEV2.pfcFrame()));
        return p;
    }

    @Test
    void framesStartedBeforeTheResponseTimeStillGo() {
        // XOFF at 40,000 ps, response 200,000 ps: in effect from 240,000. Frames start at 0, 81,600 and 163,200
        // (all before 240,000); the fourth would start at 244,800 and is held until the XON at 1,000,000.
        EgressPort port = port(200_000, 5);
        port.kick();
        at(40_000, () -> port.onPause(pfc(65535)));
        at(1_000_000, () -> port.onPause(pfc(0)));
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS, 2 * FRAME_PS, 3 * FRAME_PS, 1_000_000 + FRAME_PS, 1_000_000 + 2 * FRAME_PS),
                arrivals);
        assertEquals(1_000_000 - 240_000, port.counters().pausedPs(3), "paused from the effective start");
    }

    @Test
    void withoutAResponseTimeOnlyTheFrameOnTheWireFinishes() {
        EgressPort port = port(0, 3);
        port.kick();
        at(40_000, () -> port.onPause(pfc(65535)));
        at(1_000_000, () -> port.onPause(pfc(0)));
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS, 1_000_000 + FRAME_PS, 1_000_000 + 2 * FRAME_PS), arrivals);
        assertEquals(960_000, port.counters().pausedPs(3));
    }

    @Test
    void aFrameDueExactlyAtTheEffectiveTimeIsHeld() {
        // effective at 40,000 + 123,200 = 163,200, the third frame's start: held
        EgressPort port = port(123_200, 3);
        port.kick();
        at(40_000, () -> port.onPause(pfc(65535)));
        at(1_000_000, () -> port.onPause(pfc(0)));
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS, 2 * FRAME_PS, 1_000_000 + FRAME_PS), arrivals);
    }

    @Test
    void xonBeforeTheEffectiveTimeCancelsThePause() {
        EgressPort port = port(200_000, 5);
        port.kick();
        at(40_000, () -> port.onPause(pfc(65535)));
        at(100_000, () -> port.onPause(pfc(0)));
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS, 2 * FRAME_PS, 3 * FRAME_PS, 4 * FRAME_PS, 5 * FRAME_PS), arrivals);
        assertEquals(0, port.counters().pausedPs(3));
        assertEquals(2, port.counters().pauseRx(3));
    }

    @Nested
    class TimedPauses {
        @Test
        void theTimerRunsFromTheArrival() {
            // 100 quanta = 512,000 ps from the arrival at 40,000: the pause holds from 240,000 to 552,000
            EgressPort port = port(200_000, 5);
            port.kick();
            at(40_000, () -> port.onPause(pfc(100)));
            kernel.runUntil(END_PS);
            assertEquals(List.of(FRAME_PS, 2 * FRAME_PS, 3 * FRAME_PS, 552_000 + FRAME_PS, 552_000 + 2 * FRAME_PS),
                    arrivals);
            assertEquals(552_000 - 240_000, port.counters().pausedPs(3));
        }

        @Test
        void aPauseShorterThanTheResponseNeverTakesEffect() {
            // 10 quanta = 51,200 ps: over at 91,200, before it would take effect at 240,000
            EgressPort port = port(200_000, 4);
            port.kick();
            at(40_000, () -> port.onPause(pfc(10)));
            kernel.runUntil(END_PS);
            assertEquals(List.of(FRAME_PS, 2 * FRAME_PS, 3 * FRAME_PS, 4 * FRAME_PS), arrivals);
            assertEquals(0, port.counters().pausedPs(3));
        }

        @Test
        void aRefreshDoesNotPostponeAPendingPause() {
            // XOFF at 40,000 (effective 240,000), refreshed at 200,000: still effective at 240,000
            EgressPort port = port(200_000, 5);
            port.kick();
            at(40_000, () -> port.onPause(pfc(65535)));
            at(200_000, () -> port.onPause(pfc(65535)));
            at(1_000_000, () -> port.onPause(pfc(0)));
            kernel.runUntil(END_PS);
            assertEquals(3 * FRAME_PS, arrivals.get(2));
            assertEquals(1_000_000 + FRAME_PS, arrivals.get(3));
            assertEquals(760_000, port.counters().pausedPs(3));
        }
    }

    @Nested
    class CutThrough {
        @Test
        void anIdlePortStartsTheFrameInThePast() {
            EgressPort port = port(0, 1);
            at(100_000, () -> port.kickCutThrough(30_000));
            kernel.runUntil(END_PS);
            assertEquals(List.of(30_000 + FRAME_PS), arrivals);
        }

        @Test
        void butNotBeforeItsPreviousTransmissionEnded() {
            // first frame 0..81,600; the second, added at 100,000 with a virtual start of 50,000, starts at 81,600
            EgressPort port = port(0, 1);
            port.kick();
            at(100_000, () -> {
                add(1);
                port.kickCutThrough(50_000);
            });
            kernel.runUntil(END_PS);
            assertEquals(List.of(FRAME_PS, 2 * FRAME_PS), arrivals);
        }
    }

    @Test
    void negativeResponseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PauseState(GBPS_100, false, -1));
    }
}
