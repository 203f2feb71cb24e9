package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The packet FIFO: order, the frame bytes it holds, indexed reads, growth past 16 with a moved head. */
class PacketRingTest {
    private static Packet frame(long psn, int frameBytes) {
        Packet p = new Packet();
        p.psn = psn;
        p.frameBytes = (char) frameBytes;
        return p;
    }

    @Test
    void firstInFirstOutWithItsBytes() {
        PacketRing r = new PacketRing();
        assertTrue(r.isEmpty());
        assertNull(r.poll());
        assertNull(r.peek());
        Packet a = frame(1, 100);
        Packet b = frame(2, 200);
        Packet c = frame(3, 300);
        r.add(a);
        r.add(b);
        r.add(c);
        assertEquals(3, r.size());
        assertFalse(r.isEmpty());
        assertEquals(600, r.bytes());
        assertSame(a, r.peek());
        assertSame(a, r.poll());
        assertEquals(500, r.bytes());
        assertSame(b, r.peek());
        assertSame(b, r.poll());
        assertSame(c, r.poll());
        assertEquals(0, r.bytes());
        assertTrue(r.isEmpty());
        assertNull(r.poll());
    }

    @Test
    void thePeakIsTheMostBytesHeldAtOnceAndAddSaysWhenItRises() {
        PacketRing r = new PacketRing();
        assertEquals(0, r.peakBytes());
        assertTrue(r.add(frame(1, 100)));
        assertTrue(r.add(frame(2, 200)));
        r.poll(); // 200 B left
        assertFalse(r.add(frame(3, 50)), "250 B: below the 300 B held before");
        assertFalse(r.add(frame(4, 50)), "300 B: equal, not more");
        assertEquals(300, r.peakBytes());
        assertTrue(r.add(frame(5, 1)));
        assertEquals(301, r.peakBytes());
        while (r.poll() != null) {
            r.size();
        }
        assertEquals(301, r.peakBytes(), "emptying keeps the peak");
    }

    @Test
    void getReadsFromTheHeadWithoutRemovingAndChecksItsIndex() {
        PacketRing r = new PacketRing();
        r.add(frame(1, 64));
        r.add(frame(2, 64));
        r.add(frame(3, 64));
        r.poll();
        assertEquals(2, r.get(0).psn);
        assertEquals(3, r.get(1).psn);
        assertEquals(2, r.size());
        assertThrows(IndexOutOfBoundsException.class, () -> r.get(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> r.get(2));
    }

    @Test
    void growsPastSixteenWithAMovedHeadAndLosesNothing() {
        // ten in and out first, so the head sits at slot 10; then 40 in (the ring grows to 32, then 64)
        PacketRing r = new PacketRing();
        for (int i = 0; i < 10; i++) {
            r.add(frame(i, 64));
            r.poll();
        }
        for (int i = 0; i < 40; i++) {
            r.add(frame(100 + i, 100 + i));
        }
        assertEquals(40, r.size());
        // 100 + 101 + ... + 139 = 40 * 100 + (0 + ... + 39) = 4,000 + 780
        assertEquals(4_780, r.bytes());
        for (int i = 0; i < 40; i++) {
            assertEquals(100 + i, r.get(i).psn, "index " + i);
        }
        for (int i = 0; i < 40; i++) {
            assertEquals(100 + i, r.poll().psn);
        }
        assertTrue(r.isEmpty());
        assertEquals(0, r.bytes());
    }

    @Test
    void tagsFollowTheirFramesThroughWrapAndGrowth() {
        PacketRing r = new PacketRing();
        for (int i = 0; i < 10; i++) { // moves the head to slot 10 of the first 16
            r.add(frame(i, 100));
            r.poll();
        }
        for (int i = 0; i < 40; i++) { // wraps the 16-slot array, then grows it twice
            r.add(frame(100 + i, 100));
            r.tagTail(1_000_000L * i + 7);
        }
        for (int i = 0; i < 40; i++) {
            assertEquals(1_000_000L * i + 7, r.peekTag(), "tag of frame " + i);
            assertEquals(100 + i, r.poll().psn);
        }
    }

    @Test
    void anUntaggedRingReadsZeroAndAnEmptyOneRefuses() {
        PacketRing r = new PacketRing();
        assertThrows(IllegalStateException.class, () -> r.tagTail(5));
        assertThrows(IllegalStateException.class, r::peekTag);
        r.add(frame(1, 64));
        assertEquals(0, r.peekTag());
        r.tagTail(5);
        r.add(frame(2, 64)); // a later frame retags its own slot only
        r.tagTail(9);
        assertEquals(5, r.peekTag());
        r.poll();
        assertEquals(9, r.peekTag());
    }
}
