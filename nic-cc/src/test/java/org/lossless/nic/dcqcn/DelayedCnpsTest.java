package org.lossless.nic.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The reaction point's FIFO of CNP effect times: order kept across wrap-around, growth and clear. */
class DelayedCnpsTest {
    @Test
    void keepsArrivalOrderWhenItWrapsAndGrows() {
        DelayedCnps q = new DelayedCnps();
        assertTrue(q.isEmpty());
        for (long t = 1; t <= 4; t++) {
            q.add(t); // first growth: capacity 4
        }
        assertEquals(1, q.poll());
        assertEquals(2, q.poll());
        q.add(5); // slots 0 and 1 again: the ring wraps, head at slot 2
        q.add(6);
        q.add(7); // full: grows to 8, copying 3, 4, 5, 6 from the head
        q.add(8);
        for (long t = 3; t <= 8; t++) {
            assertFalse(q.isEmpty());
            assertEquals(t, q.first());
            assertEquals(t, q.poll());
        }
        assertTrue(q.isEmpty());
    }

    @Test
    void clearEmptiesItAndItIsReusable() {
        DelayedCnps q = new DelayedCnps();
        q.add(10);
        q.add(20);
        q.poll();
        q.clear();
        assertTrue(q.isEmpty());
        q.add(30);
        assertEquals(30, q.first());
        assertEquals(30, q.poll());
        assertTrue(q.isEmpty());
    }
}
