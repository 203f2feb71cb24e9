package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The packet FIFO: empty until the first frame, order and bytes kept across growth and wrap-around. */
class PacketRingTest {
    private static Packet frame(int bytes) {
        Packet p = new Packet();
        p.frameBytes = (char) bytes;
        return p;
    }

    @Test
    void aNewRingIsEmptyAndAnswersNull() {
        PacketRing r = new PacketRing();
        assertTrue(r.isEmpty());
        assertNull(r.peek());
        assertNull(r.poll());
        assertEquals(0, r.bytes());
    }

    @Test
    void keepsOrderAndBytesWhileGrowingFromEmptyAndWrapping() {
        PacketRing r = new PacketRing();
        Packet[] in = new Packet[40];
        for (int i = 0; i < 40; i++) {
            in[i] = frame(100 + i);
        }
        // 10 in, 5 out (the head moves), then 35 more: the ring wraps and grows 16 -> 32 -> 64 with a moved head
        for (int i = 0; i < 10; i++) {
            r.add(in[i]);
        }
        for (int i = 0; i < 5; i++) {
            assertSame(in[i], r.poll());
        }
        for (int i = 10; i < 40; i++) {
            r.add(in[i]);
        }
        assertEquals(35, r.size());
        // bytes of frames 5..39: 35 x 100 + (5 + ... + 39) = 3500 + 770 = 4270
        assertEquals(4270, r.bytes());
        assertSame(in[5], r.peek());
        assertSame(in[20], r.get(15));
        for (int i = 5; i < 40; i++) {
            assertSame(in[i], r.poll(), "frame " + i);
        }
        assertTrue(r.isEmpty());
        assertEquals(0, r.bytes());
    }
}
