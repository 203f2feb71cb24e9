package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Function;

import org.junit.jupiter.api.Test;

/** A priority earns a row in ports.csv when it sent, dropped, paused, was paused or queued anything. */
class PortCountersTest {
    @Test
    void eachCounterAloneMakesThePriorityActiveAndOnlyThatPriority() {
        Function<PortCounters, long[]>[] counters = counterArrays();
        for (Function<PortCounters, long[]> counter : counters) {
            PortCounters c = new PortCounters();
            counter.apply(c)[5] = 1;
            assertTrue(c.active(5));
            assertFalse(c.active(4));
        }
    }

    @Test
    void bytesAloneOrMarksAloneOrPausedTimeAloneDoNot() {
        // a frame sent always counts in txPackets too; marks and paused time come with frames or pauses
        PortCounters c = new PortCounters();
        c.txBytes[2] = 1000;
        c.dropBytes[2] = 1000;
        c.ecnMarked[2] = 1;
        c.pausedPs[2] = 1;
        assertFalse(c.active(2));
        assertFalse(new PortCounters().active(0));
    }

    @SuppressWarnings("unchecked")
    private static Function<PortCounters, long[]>[] counterArrays() {
        return new Function[] {
            (Function<PortCounters, long[]>) c -> c.txPackets,
            (Function<PortCounters, long[]>) c -> c.drops,
            (Function<PortCounters, long[]>) c -> c.pauseTx,
            (Function<PortCounters, long[]>) c -> c.pauseRx,
            (Function<PortCounters, long[]>) c -> c.maxQueueBytes,
        };
    }
}
