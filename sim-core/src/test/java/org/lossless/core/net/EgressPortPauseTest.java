package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;

/** PFC at one transmitter: frame-boundary stop, timed expiry, resume, urgent frames, paused time. */
class EgressPortPauseTest {
    /** Every run stops here: 10 ms simulated, beyond every answer below (an event re-armed forever cannot stall a test). */
    private static final long END_PS = 10_000_000_000L;
    private static final long GBPS_100 = 100_000_000_000L;
    /** 1000 B frame + 20 B preamble/IFG = 8160 bits = 81,600 ps at 100 Gb/s. */
    private static final long FRAME_PS = 81_600;

    private final Kernel kernel = new Kernel();
    private final List<Long> arrivals = new ArrayList<>();
    private final List<PacketType> types = new ArrayList<>();
    private final EgressPort port = new EgressPort(kernel, GBPS_100);

    private void wire(int frames, int priority) {
        PacketRing queue = new PacketRing();
        for (int i = 0; i < frames; i++) {
            Packet p = new Packet();
            p.priority = (byte) priority;
            p.frameBytes = 1000;
            p.wireBytes = 1020;
            queue.add(p);
        }
        Link link = new Link(kernel, 0, (p, in) -> {
            arrivals.add(kernel.now());
            types.add(p.type);
        }, 0);
        port.connect(link, egress -> !queue.isEmpty() && !egress.isPaused(queue.peek().priority) ? queue.poll() : null);
    }

    private static Packet pfc(int prio, int quanta) {
        Packet p = new Packet();
        p.type = PacketType.PFC;
        p.pfcClassEnable((char) (1 << prio));
        p.pfcQuanta(prio, quanta);
        p.frameBytes = (char) WireFormat.ROCEV2.pfcFrame();
        p.wireBytes = (char) (WireFormat.ROCEV2.wire(WireFormat.ROCEV2.pfcFrame()));
        return p;
    }

    @Test
    void pauseStopsAtFrameBoundaryAndExpiresAfterItsQuanta() {
        wire(3, 3);
        port.kick();
        // Pause arrives mid-frame: frame 1 completes at 81,600 ps, then priority 3 holds.
        // 100 quanta = 51,200 bits = 512,000 ps at 100 Gb/s, counted from the pause's arrival (40,000 ps).
        kernel.schedule(new org.lossless.core.kernel.SimEvent() {
            @Override
            protected void fire() {
                port.onPause(pfc(3, 100));
            }
        }, 40_000);
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS, 552_000 + FRAME_PS, 552_000 + 2 * FRAME_PS), arrivals);
        assertEquals(512_000, port.counters().pausedPs(3));
        assertEquals(1, port.counters().pauseRx(3));
    }

    @Test
    void zeroQuantaResumesAtOnce() {
        wire(2, 3);
        port.onPause(pfc(3, 65535));
        port.kick();
        kernel.schedule(new org.lossless.core.kernel.SimEvent() {
            @Override
            protected void fire() {
                port.onPause(pfc(3, 0));
            }
        }, 1_000_000);
        kernel.runUntil(END_PS);
        assertEquals(List.of(1_000_000 + FRAME_PS, 1_000_000 + 2 * FRAME_PS), arrivals);
        assertEquals(1_000_000, port.counters().pausedPs(3));
    }

    @Test
    void otherPrioritiesKeepFlowing() {
        wire(2, 1);
        port.onPause(pfc(3, 65535));
        port.kick();
        kernel.runUntil(END_PS);
        assertEquals(List.of(FRAME_PS, 2 * FRAME_PS), arrivals);
    }

    @Test
    void urgentFrameOvertakesQueuedDataButNotTheFrameOnTheWire() {
        wire(2, 3);
        port.kick();
        port.sendUrgent(pfc(3, 10));
        kernel.runUntil(END_PS);
        // PFC frame: 64 + 20 B = 672 bits = 6,720 ps.
        assertEquals(List.of(PacketType.DATA, PacketType.PFC, PacketType.DATA), types);
        assertEquals(List.of(FRAME_PS, FRAME_PS + 6_720, 2 * FRAME_PS + 6_720), arrivals);
        assertEquals(1, port.counters().pauseTx(3));
        assertEquals(2, port.counters().txPackets(3));
    }
}
