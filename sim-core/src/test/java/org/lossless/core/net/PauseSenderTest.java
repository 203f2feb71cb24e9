package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;

/**
 * The PFC frames one transmitter sends: XOFF with its time field, XON with 0, and refreshes of a standing
 * XOFF every refresh period while the owner holds the priority, on a 100 Gb/s port with an idle data source
 * and a zero-delay cable (a frame arrives when its last bit leaves: start + 84 B × 8 / 100 Gb/s = 6,720 ps).
 */
class PauseSenderTest {
    /**
     * Every run stops here: 10 us simulated, beyond every answer below, so a refresh re-armed forever (say, for
     * every priority not held) ends with the run instead of stalling it.
     */
    private static final long END_PS = 10_000_000;
    private static final long G100 = 100_000_000_000L;
    private static final long PFC_PS = 6_720;

    /** A PFC frame as received: arrival time, priority, class-enable vector, time field of its priority. */
    record Rx(long atPs, int priority, int classEnable, int quanta, int frameBytes, int wireBytes) {
    }

    private final Kernel kernel = new Kernel();
    private final PacketPool pool = new PacketPool();
    private final EgressPort port = new EgressPort(kernel, G100);
    private final List<Rx> received = new ArrayList<>();
    /** Priorities the owner holds paused, bit p = priority p, as the MMU would answer. */
    private int held;

    PauseSenderTest() {
        port.connect(new Link(kernel, 0, (p, in) -> {
            received.add(new Rx(kernel.now(), p.priority, p.pfcClassEnable(), p.pfcQuanta(p.priority), p.frameBytes,
                    p.wireBytes));
            pool.release(p);
        }, 0), egress -> null);
    }

    private PauseSender sender(int quanta, long refreshPs) {
        return new PauseSender(kernel, pool, port, quanta, refreshPs, prio -> (held >> prio & 1) != 0);
    }

    private void at(long t, Runnable r) {
        At.at(kernel, t, r);
    }

    @Test
    void xoffAndXonAre64ByteFramesForOnePriority() {
        PauseSender s = sender(1000, PauseSender.NO_REFRESH);
        at(0, () -> s.xoff(3));
        at(100_000, () -> s.xon(3));
        kernel.runUntil(END_PS);
        assertEquals(List.of(new Rx(PFC_PS, 3, 0b1000, 1000, 64, 84), new Rx(100_000 + PFC_PS, 3, 0b1000, 0, 64, 84)),
                received);
        assertEquals(0, pool.outstanding(), "every frame came from the pool and went back");
    }

    /** In HPCC's packet format a PAUSE is 43 B (its 14 B L2, IPv4 20, PauseHeader 9), 3,440 ps at 100 Gb/s. */
    @Test
    void inHpccsFormatAPauseIs43Bytes() {
        PauseSender s = sender(1000, PauseSender.NO_REFRESH);
        s.wire(WireFormat.HPCC2019);
        at(0, () -> s.xoff(3));
        kernel.runUntil(END_PS);
        assertEquals(List.of(new Rx(3_440, 3, 0b1000, 1000, 43, 43)), received);
    }

    @Test
    void aHeldXoffIsRefreshedEveryPeriodUntilTheOwnerLetsGo() {
        PauseSender s = sender(65535, 100_000);
        held = 1 << 3;
        at(0, () -> s.xoff(3));
        at(250_000, () -> held = 0); // the refresh due at 300,000 finds the priority released
        kernel.runUntil(END_PS);
        assertEquals(List.of(PFC_PS, 100_000 + PFC_PS, 200_000 + PFC_PS), times());
        assertTrue(received.stream().allMatch(r -> r.quanta() == 65535 && r.priority() == 3));
        assertEquals(0, kernel.pending(), "no refresh is armed once nothing is held");
        assertTrue(s.refreshes());
    }

    @Test
    void aSecondXoffDoesNotMoveTheRefreshAlreadyArmed() {
        PauseSender s = sender(65535, 100_000);
        held = 1 << 3;
        at(0, () -> s.xoff(3));
        at(50_000, () -> s.xoff(3)); // sent at once; the refresh stays at 100,000
        at(250_000, () -> held = 0);
        kernel.runUntil(END_PS);
        assertEquals(List.of(PFC_PS, 50_000 + PFC_PS, 100_000 + PFC_PS, 200_000 + PFC_PS), times());
    }

    @Test
    void oneRefreshSendsAFramePerHeldPriority() {
        PauseSender s = sender(500, 100_000);
        held = 1 << 2 | 1 << 5;
        at(0, () -> {
            s.xoff(2);
            s.xoff(5);
        });
        at(150_000, () -> held = 0);
        kernel.runUntil(END_PS);
        // at 0: two frames back to back; at 100,000 the refresh re-sends both, lowest priority first
        assertEquals(List.of(PFC_PS, 2 * PFC_PS, 100_000 + PFC_PS, 100_000 + 2 * PFC_PS), times());
        assertEquals(List.of(2, 5, 2, 5), received.stream().map(Rx::priority).toList());
    }

    @Test
    void withoutRefreshAnXoffIsSentOnceAndNothingIsArmed() {
        PauseSender s = sender(65535, PauseSender.NO_REFRESH);
        held = 1 << 3;
        at(0, () -> s.xoff(3));
        kernel.runUntil(END_PS);
        assertEquals(List.of(PFC_PS), times());
        assertEquals(0, kernel.pending());
        assertFalse(s.refreshes());
    }

    @Test
    void aRefreshAsksTheOwnerAboutPrioritiesZeroToSevenOnly() {
        // an owner that keeps its pause state in an array of eight, as the MMUs and the NIC receive buffer do
        boolean[] pg = new boolean[PortCounters.PRIORITIES];
        pg[7] = true;
        PauseSender s = new PauseSender(kernel, pool, port, 500, 100_000, prio -> pg[prio]);
        at(0, () -> s.xoff(7));
        at(150_000, () -> pg[7] = false);
        kernel.runUntil(END_PS);
        assertEquals(List.of(PFC_PS, 100_000 + PFC_PS), times());
        assertEquals(List.of(7, 7), received.stream().map(Rx::priority).toList());
    }

    @Test
    void quantaAndRefreshPeriodAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> sender(0, 1));
        assertThrows(IllegalArgumentException.class, () -> sender(65536, 1));
        assertThrows(IllegalArgumentException.class, () -> sender(1, 0));
        sender(1, 1);
        sender(65535, PauseSender.NO_REFRESH);
    }

    private List<Long> times() {
        return received.stream().map(Rx::atPs).toList();
    }
}
