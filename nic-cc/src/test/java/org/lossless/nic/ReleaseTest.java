package org.lossless.nic;

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
        BackToBack b = backToBack(false);
        QueuePair qp = thousandMessages(b, q -> { });
        // the arrays double from 2 to 4 and 8 while they hold up to 4 entries (the last acknowledged one and the
        // two new ones: 3); from then on a full array drops all but its last entry, a quarter or more of it
        assertTrue(qp.entriesHeld() <= 8, "entries held: " + qp.entriesHeld());
        assertTrue(qp.toString().contains("1000 messages"), qp.toString());
    }

    /**
     * The same 1,000 messages on a table that keeps QP entries (a partitioned run whose posts may run beside the
     * receiver's partition) and is never compacted: nothing is dropped, the arrays double to 1,024, and the messages
     * complete the same way.
     */
    @Test
    void aQpOfATableThatKeepsEntriesDropsNoneOnItsOwn() {
        assertEquals(1000, thousandMessages(backToBack(true), q -> { }).entriesHeld());
    }

    /**
     * The same on a table that keeps entries, compacted after each 10 us round with nothing running (as a partitioned
     * run does between windows): a queue half full asks, the table drops what the QP is done with, so it holds at most
     * a round's two messages and the last acknowledged one, and every message is delivered and acknowledged at the same
     * picosecond as on a QP that drops them in place.
     */
    @Test
    void aQpOfATableThatKeepsEntriesIsCompactedBetweenWindows() {
        BackToBack inPlace = backToBack(false);
        thousandMessages(inPlace, q -> { });
        BackToBack kept = backToBack(true);
        thousandMessages(kept, qp -> {
            assertTrue(qp.entriesHeld() <= 3, "entries held " + qp.entriesHeld());
            kept.flows.compactQueues();
        });
        for (int i = 0; i < 1000; i++) {
            assertEquals(inPlace.flows.get(i).finishPs(), kept.flows.get(i).finishPs(), "message " + i + " delivered");
            assertEquals(inPlace.flows.get(i).ackedPs(), kept.flows.get(i).ackedPs(), "message " + i + " acknowledged");
        }
    }

    private static BackToBack backToBack(boolean keepEntries) {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        if (keepEntries) {
            b.flows.keepQpEntries();
        }
        return b;
    }

    /**
     * 1,000 one-packet messages on a new QP, posted 2 at a time every 10 us (each pair is acknowledged in about 2.2 us),
     * {@code afterRound} run after each round; every message is delivered and acknowledged.
     */
    private static QueuePair thousandMessages(BackToBack b, java.util.function.Consumer<QueuePair> afterRound) {
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        for (int round = 0; round < 500; round++) {
            b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
            b.nic[0].post(qp, b.flow(0, 1, 1000, Verb.WRITE));
            b.kernel.runUntil((round + 1) * 10 * US);
            afterRound.accept(qp);
        }
        assertEquals(1000, b.flows.finishedCount());
        assertTrue(b.flows.all().stream().allMatch(f -> f.ackedPs() > f.finishPs() && f.finishPs() >= 0),
                "all delivered, then acknowledged");
        return qp;
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
