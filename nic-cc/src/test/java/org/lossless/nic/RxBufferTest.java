package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.PauseSender;

/**
 * The NIC receive buffer by hand, on a {@link ReceiverRig} (100 Gb/s, 1 us of cable, an ACK per packet). Injected
 * data frames are 1250 B, so a 10 Gb/s drain takes 1250 x 8 / 10 Gb/s = 1 us each; the buffer holds 5000 B
 * (four frames) per priority, XOFF at 3750 B (three frames), XON at 1250 B or below. A PFC frame (64 B, 84 B on
 * the wire) takes 6,720 ps at 100 Gb/s, an ACK (86 B on the wire) 6,880 ps.
 */
class RxBufferTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000L;
    private static final int FRAME = 1250;
    private static final long PFC = 6_720;

    private final List<String> pfcReports = new ArrayList<>();

    private ReceiverRig rig(int priorities, long xon, long stormPs, long refreshPs) {
        RxBufferConfig rx = new RxBufferConfig(5000, 10_000_000_000L, 3750, xon, priorities, List.of(), stormPs);
        ReceiverRig r = new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(1).build().withRxBuffer(rx), RATE, US);
        r.nic.enableRxBuffer(new RxBufferConfig.Thresholds(3750, xon), 65_535, refreshPs);
        r.nic.observePfc((t, node, port, prio, pause) -> pfcReports.add(t + " " + node + " " + port + " " + prio
                + (pause ? " pause" : " resume")));
        return r;
    }

    private static List<Long> times(long... ps) {
        List<Long> l = new ArrayList<>();
        for (long p : ps) {
            l.add(p);
        }
        return l;
    }

    @Test
    void framesDrainOneAtATimeXoffAtTheThresholdXonAtOrBelowXonAndAFullBufferDrops() {
        ReceiverRig r = rig(1 << 3, 1250, 0, PauseSender.NO_REFRESH);
        QueuePair qp = r.qp(4000);
        for (int k = 0; k < 4; k++) {
            r.dataAt(k * 100_000L, qp, k, FRAME, false);
        }
        // 400 ns: four frames (5000 B) are held; a fifth (a copy of PSN 3) does not fit and is dropped
        r.dataAt(400_000, qp, 3, FRAME, false);
        r.kernel.runUntil(20 * US);
        // XOFF when PSN 2 brings the occupancy to 3750 B; XON when PSN 2's drain ends at 3 us and leaves 1250 B
        assertEquals(times(200_000, 3 * US), r.starts(PacketType.PFC));
        assertEquals(List.of("200000 h1 0 3 pause", "3000000 h1 0 3 resume"), pfcReports);
        // each frame reaches the transport when its drain ends: 1, 2, 3, 4 us; at 3 us the XON goes first
        assertEquals(times(US, 2 * US, 3 * US + PFC, 4 * US), r.starts(PacketType.ACK));
        assertEquals(List.of("delivered 0 @" + 4 * US), r.log);
        assertEquals(1, r.nic.rxDrops());
        assertEquals(1, r.port.counters().drops(3));
        assertEquals(FRAME, r.port.counters().dropBytes(3));
        assertEquals(5000, r.nic.rxPeakBytes(3));
        assertEquals(0, r.nic.rxPeakBytes(4));
        assertEquals(0, r.nic.rxStormEvents());
        assertEquals(new RxBufferConfig.Thresholds(3750, 1250), r.nic.rxThresholds());
        assertTrue(r.nic.hasRxBuffer());
        assertEquals(0, r.pool.outstanding(), "every frame, dropped or drained, went back to the pool");
    }

    @Test
    void aTimedXoffIsRefreshedWhileHeldAndNoLonger() {
        ReceiverRig r = rig(1 << 3, 1250, 0, 500_000);
        QueuePair qp = r.qp(4000);
        for (int k = 0; k < 4; k++) {
            r.dataAt(k * 100_000L, qp, k, FRAME, false);
        }
        r.kernel.runUntil(20 * US);
        // XOFF at 200 ns, refreshed every 500 ns while held (700 ns .. 2.7 us), XON at 3 us; the refresh due at
        // 3.2 us finds nothing held and stops
        assertEquals(times(200_000, 700_000, 1_200_000, 1_700_000, 2_200_000, 2_700_000, 3 * US),
                r.starts(PacketType.PFC));
    }

    @Test
    void stormProtectionStopsPausingAPriorityHeldTooLongEachOnItsOwnDeadline() {
        // priority 3 is held from 200 ns, priority 4 from 1.2 us; storm timeout 2 us, XON only at an empty buffer
        ReceiverRig r = rig((1 << 3) | (1 << 4), 0, 2 * US, PauseSender.NO_REFRESH);
        QueuePair a = r.qp(3000);
        QueuePair b = r.sender.openQp(1, 4, HostNic.udpSourcePort(1), null);
        Flow fb = r.flows.add(new Flow(1, "t", 0, 1, MessageSize.of(3000), 0, 4));
        fb.qp = b;
        b.appendData(fb);
        for (int k = 0; k < 3; k++) {
            r.dataAt(k * 100_000L, a, k, FRAME, false);
            r.dataAt(US + k * 100_000L, b, k, FRAME, false);
        }
        // after the storm, priority 3 fills to XOFF again at 7.2 us: no pause any more
        r.dataAt(7 * US, a, 0, FRAME, false);
        r.dataAt(7_100_000, a, 1, FRAME, false);
        r.dataAt(7_200_000, a, 2, FRAME, false);
        r.kernel.runUntil(30 * US);
        // XOFF 3 at 200 ns, XOFF 4 at 1.2 us; storm: XON 3 at 2.2 us, XON 4 at 3.2 us (XOFF/XON-only mode);
        // the drains that empty priority 3 (3 us) and 4 (6 us) send nothing more
        assertEquals(times(200_000, 1_200_000, 2_200_000, 3_200_000), r.starts(PacketType.PFC));
        assertEquals(2, r.nic.rxStormEvents());
        assertEquals(List.of("200000 h1 0 3 pause", "1200000 h1 0 4 pause"), pfcReports);
    }

    @Test
    void inTimedModeAStormedPriorityIsLeftToRunOutWithoutAnXon() {
        // XOFF at 200 ns, refreshed at 700 ns and 1.2 us; the storm check at 1.3 us stops the pause: no refresh
        // at 1.7 us and no XON, neither then nor when the buffer empties
        ReceiverRig r = rig(1 << 3, 1250, 1_100_000, 500_000);
        QueuePair qp = r.qp(4000);
        for (int k = 0; k < 4; k++) {
            r.dataAt(k * 100_000L, qp, k, FRAME, false);
        }
        r.kernel.runUntil(20 * US);
        assertEquals(times(200_000, 700_000, 1_200_000), r.starts(PacketType.PFC));
        assertEquals(1, r.nic.rxStormEvents());
    }

    @Test
    void framesOfOtherPrioritiesAndPfcFramesBypassTheBuffer() {
        // the buffer takes priority 5 only: priority 3 data is handled as it arrives (ACK at once)
        ReceiverRig r = rig(1 << 5, 1250, 0, PauseSender.NO_REFRESH);
        QueuePair qp = r.qp(1000);
        r.dataAt(0, qp, 0, FRAME, false);
        // a PAUSE for priority 5 (a buffered priority) acts on the port at once
        boolean[] paused = new boolean[1];
        r.at(US, () -> {
            Packet p = PauseSender.frame(r.pool, 5, 65_535);
            r.nic.receive(p, 0);
            paused[0] = r.port.isPaused(5);
        });
        r.kernel.runUntil(2 * US);
        assertEquals(times(0), r.starts(PacketType.ACK));
        assertEquals(List.of("delivered 0 @0"), r.log);
        assertEquals(0, r.nic.rxPeakBytes(3));
        assertTrue(paused[0]);
        assertEquals(List.of(), r.starts(PacketType.PFC));
    }

    @Test
    void occupancyCountsAFrameFromItsArrivalUntilItsDrainEnds() {
        ReceiverRig r = new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        RxBufferConfig cfg = new RxBufferConfig(5000, 10_000_000_000L, 3750, 1250, 1 << 3, List.of(), 0);
        List<Long> handed = new ArrayList<>();
        RxBuffer rx = new RxBuffer(r.kernel, r.pool, r.port, "h1", cfg, new RxBufferConfig.Thresholds(3750, 1250),
                65_535, PauseSender.NO_REFRESH, p -> {
                    handed.add(r.kernel.now());
                    r.pool.release(p);
                });
        long[] seen = new long[2];
        r.at(0, () -> {
            Packet p = r.pool.acquire();
            p.priority = 3;
            p.frameBytes = FRAME;
            rx.accept(p);
            seen[0] = rx.occupancyBytes(3);
        });
        r.at(999_999, () -> seen[1] = rx.occupancyBytes(3));
        r.kernel.runUntil(2 * US);
        assertEquals(List.of((long) FRAME, (long) FRAME, 0L), List.of(seen[0], seen[1], rx.occupancyBytes(3)));
        assertEquals(List.of(US), handed);
    }

    @Test
    void withoutABufferTheAccessorsSayNone() {
        ReceiverRig r = new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        assertFalse(r.nic.hasRxBuffer());
        assertEquals(0, r.nic.rxDrops());
        assertEquals(0, r.nic.rxPeakBytes(3));
        assertEquals(0, r.nic.rxStormEvents());
        assertEquals(null, r.nic.rxThresholds());
        r.nic.observePfc((t, node, port, prio, pause) -> pfcReports.add("x"));
        assertEquals(List.of(), pfcReports);
    }
}
