package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** {@link IdealMemo} against a map of every key put: a key found gives the value last put for it, never another's. */
class IdealMemoTest {
    @Test
    void aFoundKeyGivesItsOwnValueAmongManyThatShareSlots() {
        IdealMemo memo = new IdealMemo();
        Map<String, Long> reference = new HashMap<>();
        SplittableRandom r = new SplittableRandom(7);
        int found = 0;
        for (int i = 0; i < 200_000; i++) {
            // 20,000 shapes for 4,096 slots: most slots are shared by several keys and overwritten often
            int shape = r.nextInt(20_000);
            long a = IdealMemo.key(shape % 3, shape % 1024, (shape * 7) % 1024, shape % 5);
            long b = shape / 15;
            String k = a + "/" + b;
            if (memo.has(a, b)) {
                assertEquals(reference.get(k), memo.last(), "key " + k);
                found++;
            } else {
                long v = r.nextLong();
                assertEquals(v, memo.put(a, b, v));
                reference.put(k, v);
            }
        }
        assertEquals(found, memo.hits());
        assertTrue(found > 10_000, "found " + found);
    }

    /**
     * A 1,024-rank ring's shapes (each rank's data to the next in two slice sizes and its clear-to-send back: 3,072
     * receivers' keys, as the ring all-reduce of benchmarks/ posts them) asked again and again: once each was put, every
     * later lookup finds it. A direct-mapped table of as many slots loses about a third of them to keys sharing a slot.
     */
    @Test
    void aRingsShapesStayOnceWorkedOut() {
        IdealMemo memo = new IdealMemo();
        int ranks = 1024;
        long lookups = 0;
        for (int round = 0; round < 10; round++) {
            for (int r = 0; r < ranks; r++) {
                long data = IdealMemo.key(0, r, (r + 1) % ranks, 1);
                long cts = IdealMemo.key(0, (r + 1) % ranks, r, 1);
                long[][] asks = {{data, 1 << 20}, {data, 1 << 19}, {cts, 64}};
                for (long[] k : asks) {
                    lookups++;
                    if (!memo.has(k[0], k[1])) {
                        assertEquals(0, round, "shape " + k[0] + "/" + k[1] + " lost after it was put");
                        memo.put(k[0], k[1], k[0] ^ k[1]);
                    } else {
                        assertEquals(k[0] ^ k[1], memo.last());
                    }
                }
            }
        }
        assertEquals(lookups - 3 * ranks, memo.hits());
    }

    @Test
    void keysThatDoNotFitAreNeverHeld() {
        IdealMemo memo = new IdealMemo();
        long tooMany = IdealMemo.key(0, 1, 2, 1 << 14);
        long farHost = IdealMemo.key(1, 1 << 24, 2, 1);
        assertEquals(7L, memo.put(tooMany, 5, 7L));
        memo.put(farHost, 5, 9L);
        assertFalse(memo.has(tooMany, 5));
        assertFalse(memo.has(farHost, 5));
    }

    /** Shapes differing in one field only are different keys. */
    @Test
    void everyFieldTellsShapesApart() {
        long k = IdealMemo.key(2, 1000, 2000, 3);
        assertTrue(k != IdealMemo.key(1, 1000, 2000, 3));
        assertTrue(k != IdealMemo.key(2, 1001, 2000, 3));
        assertTrue(k != IdealMemo.key(2, 1000, 2001, 3));
        assertTrue(k != IdealMemo.key(2, 1000, 2000, 4));
        IdealMemo memo = new IdealMemo();
        memo.put(k, 10, 1L);
        assertFalse(memo.has(k, 11));
        assertTrue(memo.has(k, 10));
        assertEquals(1L, memo.last());
    }
}
