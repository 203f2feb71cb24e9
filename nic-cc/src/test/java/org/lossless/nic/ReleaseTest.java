package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;

/**
 * What the NICs hold of completed messages: a persistent QP drops the entries of messages it finished with, and the
 * flow table lets go of a released flow (its page once all of it is released). Two NICs back to back at 100 Gb/s,
 * 1 us, MTU 1000, an ACK per packet.
 */
class ReleaseTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000L;

    @Test
    void aPersistentQpHoldsItsMessagesInFlightNotEveryMessage() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        // 1,000 one-packet messages, posted 2 at a time every 10 us (each pair is acknowledged in about 2.2 us)
        for (int round = 0; round < 500; round++) {
            b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
            b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
            b.kernel.runUntil((round + 1) * 10 * US);
        }
        assertEquals(1000, b.flows.finishedCount());
        assertTrue(b.flows.all().stream().allMatch(f -> f.ackedPs() >= 0), "all acknowledged");
        // the arrays double from 2 to 4 and 8 while they hold up to 4 entries (the last acknowledged one and the
        // two new ones: 3); from then on a full array drops all but its last entry, a quarter or more of it
        assertTrue(qp.entriesHeld() <= 8, "entries held: " + qp.entriesHeld());
        assertTrue(qp.toString().contains("1000 messages"), qp.toString());
    }

    /**
     * The same 1,000 messages on a table that keeps QP entries (a partitioned run whose posts may run beside the
     * receiver's partition): nothing is dropped, the arrays double to 1,024, and the messages complete the same way.
     */
    @Test
    void aQpOfATableThatKeepsEntriesDropsNone() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        b.flows.keepQpEntries();
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        for (int round = 0; round < 500; round++) {
            b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
            b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
            b.kernel.runUntil((round + 1) * 10 * US);
        }
        assertEquals(1000, b.flows.finishedCount());
        assertTrue(b.flows.all().stream().allMatch(f -> f.ackedPs() >= 0), "all acknowledged");
        assertEquals(1000, qp.entriesHeld());
    }

    /**
     * The same on a table that keeps entries, compacted after each 10 us round with nothing running (as a partitioned
     * run does between windows): a queue half full asks, the table drops what the QP is done with, so it holds at most
     * a round's two messages and the last acknowledged one, and every message is delivered and acknowledged at the same
     * picosecond as on a QP that drops them in place.
     */
    @Test
    void aQpOfATableThatKeepsEntriesIsCompactedBetweenWindows() {
        long[][] inPlace = completions(false);
        long[][] compacted = completions(true);
        assertArrayEquals(inPlace[0], compacted[0], "delivered");
        assertArrayEquals(inPlace[1], compacted[1], "acknowledged");
    }

    /** Finish and ack times of the 1,000 messages; {@code keep}: entries kept, compacted after every round. */
    private static long[][] completions(boolean keep) {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        if (keep) {
            b.flows.keepQpEntries();
        }
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        for (int round = 0; round < 500; round++) {
            b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
            b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
            b.kernel.runUntil((round + 1) * 10 * US);
            if (keep) {
                assertTrue(qp.entriesHeld() <= 3, "round " + round + ": entries held " + qp.entriesHeld());
                b.flows.compactQueues();
            }
        }
        assertEquals(1000, b.flows.finishedCount());
        long[][] t = new long[2][1000];
        for (int i = 0; i < 1000; i++) {
            t[0][i] = b.flows.get(i).finishPs();
            t[1][i] = b.flows.get(i).ackedPs();
            assertTrue(t[1][i] > t[0][i], "message " + i + " acknowledged after it arrived");
        }
        return t;
    }

    @Test
    void aReleasedFlowIsGoneFromTheTableAndCanBeCollected() {
        FlowTable t = new FlowTable();
        Flow f = t.add(new Flow(0, "t", 0, 1, MessageSize.of(1000), 0, 0));
        t.add(new Flow(1, "t", 0, 1, MessageSize.of(1000), 0, 0));
        WeakReference<Flow> ref = new WeakReference<>(f);
        f = null;
        t.release(0);
        assertNull(t.get(0));
        assertNull(t.all().get(0));
        assertEquals(2, t.size(), "ids keep counting");
        assertEquals(1, t.held());
        assertThrows(IllegalArgumentException.class, () -> t.release(0), "twice");
        assertThrows(IllegalArgumentException.class, () -> t.release(2), "never added");
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
        }
        assertNull(ref.get(), "nothing of the table refers to the released flow");
    }

    @Test
    void aFullPageWhoseFlowsAreAllReleasedIsDropped() {
        FlowTable t = new FlowTable();
        for (int i = 0; i < FlowTable.PAGE + 1; i++) {
            t.add(new Flow(i, "t", 0, 1, MessageSize.of(1000), 0, 0));
        }
        for (int i = 0; i < FlowTable.PAGE; i++) {
            t.release(i);
        }
        assertEquals(1, t.held());
        assertNull(t.get(FlowTable.PAGE - 1));
        assertEquals(FlowTable.PAGE, t.get(FlowTable.PAGE).id);
        t.add(new Flow(FlowTable.PAGE + 1, "t", 0, 1, MessageSize.of(1000), 0, 0));
        assertEquals(FlowTable.PAGE + 1, t.get(FlowTable.PAGE + 1).id, "the open page still takes flows");
    }
}
