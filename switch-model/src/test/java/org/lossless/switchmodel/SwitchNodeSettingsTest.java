package org.lossless.switchmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.PacketType;
import org.lossless.switchmodel.SwitchBench.Rx;
import org.lossless.switchmodel.pfc.PfcQuanta;
import org.lossless.switchmodel.qos.QosMap;

/** More of {@link SwitchNode}'s wiring on {@link SwitchBench}: a failure with several queues, and its settings. */
class SwitchNodeSettingsTest {
    private final SwitchBench b = new SwitchBench();

    @Test
    void aFailedPortDropsTheFramesOfEveryPriority() {
        // host 2 pauses priorities 3 and 4 on port 2; one frame of each waits there when port 2 fails at 10,000:
        // both are dropped (highest priority first) and every byte goes back to the MMU
        b.pfcFromHost(0, 2, 3, PfcQuanta.MAX_QUANTA);
        b.pfcFromHost(0, 2, 4, PfcQuanta.MAX_QUANTA);
        b.data(1000, 0, 2, 4, 1);
        b.data(2000, 1, 2, 3, 2);
        b.at(10_000, () -> {
            b.ports[2].fail();
            b.sw.portFailed(2);
        });
        b.run();
        assertEquals(1, b.ports[2].counters().drops(4));
        assertEquals(1, b.ports[2].counters().drops(3));
        assertEquals(1000, b.ports[2].counters().dropBytes(4));
        assertEquals(1000, b.ports[2].counters().dropBytes(3));
        assertEquals(0, b.mmu.ingressTotalBytes());
        assertEquals(0, b.mmu.egressTotalBytes());
        assertEquals(0, b.sw.queues(2).queuedBytes(3) + b.sw.queues(2).queuedBytes(4));
        assertEquals(0, b.pool.outstanding());
        assertEquals(0, b.at(2, PacketType.DATA).size());
    }

    @Test
    void forwardingSettingsAreKeptAndZeroLatencyIsAllowed() {
        b.sw.forwarding(0, false);
        assertEquals(0, b.sw.latencyPs());
        b.sw.forwarding(5000, true);
        assertEquals(5000, b.sw.latencyPs());
        assertTrue(b.sw.cutThrough());
        assertSame(QosMap.DEFAULT, b.sw.classification());
    }

    @Test
    void priorityZeroIsServedToo() {
        b.data(1000, 0, 2, 0, 1);
        b.run();
        assertEquals(List.of(1000 + SwitchBench.FRAME_PS), b.at(2, PacketType.DATA).stream().map(Rx::atPs).toList());
    }

    @Test
    void cutThroughNeedsAnEmptyQueueNotOnlyAnIdleWire() {
        // latency 100,000 ps with cut-through. Priority 3 is paused on port 2 and holds host 0's frame (from 1000).
        // Host 1's priority-4 frame (last bit in at 2000) finds the wire idle but the queue not empty: stored and
        // forwarded, it starts at 2000 + 100,000 and ends 81,600 later. (A cut-through start would be 2000 - 81,600
        // + 100,000 = 20,400.) The priority-3 frame leaves at host 2's XON at 500,000.
        b.sw.forwarding(100_000, true);
        b.pfcFromHost(0, 2, 3, PfcQuanta.MAX_QUANTA);
        b.data(1000, 0, 2, 3, 1);
        b.data(2000, 1, 2, 4, 2);
        b.pfcFromHost(500_000, 2, 3, 0);
        b.run();
        assertEquals(List.of(2000 + 100_000 + SwitchBench.FRAME_PS, 500_000 + SwitchBench.FRAME_PS),
                b.at(2, PacketType.DATA).stream().map(Rx::atPs).toList());
        assertEquals(List.of(2L, 1L), b.at(2, PacketType.DATA).stream().map(Rx::psn).toList());
    }

    @Test
    void withForwardingLatencyAnAdmissionStillSendsXoff() {
        // latency 100,000 ps, store-and-forward; host 2 pauses priority 3 on port 2: host 0's third frame (3000)
        // takes PG 3 to its 3000 B threshold, and the XOFF reaches host 0 at 3000 + 6720
        b.sw.forwarding(100_000, false);
        b.pfcFromHost(0, 2, 3, PfcQuanta.MAX_QUANTA);
        for (int k = 1; k <= 3; k++) {
            b.data(1000 * k, 0, 2, 3, k);
        }
        b.at(50_000, () -> b.kernel.stop());
        b.run();
        assertEquals(List.of(3000 + SwitchBench.PFC_PS), b.at(0, PacketType.PFC).stream().map(Rx::atPs).toList());
        assertTrue(b.mmu.isPaused(0, 3));
    }
}
