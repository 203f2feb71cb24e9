package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

/**
 * A priority earns a row in ports.csv when it sent, dropped, paused, was paused or queued anything; each counter
 * reads back what was counted at its own priority only (rows are made at first use, so untouched ones read 0).
 */
class PortCountersTest {
    @Test
    void eachCounterAloneMakesThePriorityActiveAndOnlyThatPriority() {
        List<Consumer<PortCounters>> counts = List.of(
                c -> c.countTx(5, 1000),
                c -> c.countDrop(5, 1000),
                c -> c.countPauseTx(5),
                c -> c.countPauseRx(5),
                c -> c.queuePeaks(prio -> prio == 5 ? 1000 : 0));
        for (Consumer<PortCounters> count : counts) {
            PortCounters c = new PortCounters();
            count.accept(c);
            assertTrue(c.active(5));
            assertFalse(c.active(4));
        }
    }

    @Test
    void bytesAloneOrMarksAloneOrPausedTimeAloneDoNot() {
        // a frame sent always counts in txPackets too; marks and paused time come with frames or pauses
        PortCounters c = new PortCounters();
        c.row(2)[PortCounters.TX_BYTES] = 1000;
        c.countEcnMarked(2);
        c.addPausedPs(2, 1);
        assertFalse(c.active(2));
        assertFalse(new PortCounters().active(0));
    }

    @Test
    void eachCounterReadsBackItsOwnSumsAtItsOwnPriority() {
        PortCounters c = new PortCounters();
        for (int prio = 0; prio < PortCounters.PRIORITIES; prio++) {
            assertEquals(0, c.txBytes(prio) + c.txPackets(prio) + c.drops(prio) + c.dropBytes(prio) + c.ecnMarked(prio)
                    + c.pauseTx(prio) + c.pauseRx(prio) + c.pausedPs(prio) + c.maxQueueBytes(prio), "fresh: " + prio);
            assertFalse(c.active(prio));
        }
        c.countTx(3, 1086);
        c.countTx(3, 78);
        c.countDrop(3, 1000);
        c.countDrop(3, 500);
        c.countDrop(3, 4);
        c.countEcnMarked(3);
        c.countPauseTx(6);
        c.countPauseTx(6);
        c.countPauseRx(3);
        c.addPausedPs(3, 51_200);
        c.addPausedPs(3, 800);
        long[] peaks = {0, 0, 0, 9_000, 0, 0, 0, 0};
        c.queuePeaks(prio -> peaks[prio]);
        peaks[3] = 12_000;
        assertEquals(1164, c.txBytes(3));
        assertEquals(2, c.txPackets(3));
        assertEquals(3, c.drops(3));
        assertEquals(1504, c.dropBytes(3));
        assertEquals(1, c.ecnMarked(3));
        assertEquals(0, c.pauseTx(3));
        assertEquals(2, c.pauseTx(6));
        assertEquals(1, c.pauseRx(3));
        assertEquals(52_000, c.pausedPs(3));
        assertEquals(12_000, c.maxQueueBytes(3), "the queues' peak when asked");
        assertEquals(0, c.maxQueueBytes(2));
        assertEquals(0, c.txPackets(6) + c.txBytes(6) + c.drops(6) + c.pauseRx(6), "priority 6 only sent pauses");
        assertEquals(0, c.txBytes(2) + c.txBytes(4), "neighbouring priorities untouched");
    }
}
