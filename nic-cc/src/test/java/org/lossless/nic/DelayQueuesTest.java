package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;

/** The NIC's two delay structures: the CNP heap ({@link CnpDelayQueue}) and the ACK delay FIFO ({@link AckDelayLine}). */
class DelayQueuesTest {
    /** (time, flow) in the order a correct queue must give them back: by time, then by insertion. */
    private record Entry(long time, int flow) {
    }

    @Test
    void theCnpHeapGivesEntriesBackByTimeThenInInsertionOrderAndGrowsPastItsFirstArrays() {
        CnpDelayQueue q = new CnpDelayQueue();
        assertTrue(q.isEmpty());
        // 40 entries (the arrays start at 16): times from a fixed scramble with many ties, flow = insertion index
        List<Entry> in = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            long t = (i * 7L) % 11 * 1000;
            in.add(new Entry(t, i));
            q.add(t, i);
        }
        List<Entry> expected = new ArrayList<>(in);
        expected.sort(Comparator.comparingLong(Entry::time));   // stable: equal times keep insertion order
        List<Entry> out = new ArrayList<>();
        while (!q.isEmpty()) {
            long t = q.firstTime();
            out.add(new Entry(t, q.pollFlow()));
        }
        assertEquals(expected, out);
    }

    @Test
    void theCnpHeapInterleavesAddsAndPolls() {
        CnpDelayQueue q = new CnpDelayQueue();
        q.add(50, 1);
        q.add(20, 2);
        q.add(20, 3);
        q.add(10, 4);
        assertEquals(10, q.firstTime());
        assertEquals(4, q.pollFlow());
        q.add(20, 5);
        q.add(5, 6);
        assertEquals(List.of(6, 2, 3, 5, 1), List.of(q.pollFlow(), q.pollFlow(), q.pollFlow(), q.pollFlow(), q.pollFlow()));
        assertTrue(q.isEmpty());
        q.add(7, 8);
        assertFalse(q.isEmpty());
        assertEquals(7, q.firstTime());
    }

    @Test
    void theAckDelayLineReleasesEachFrameItsDelayAfterItWasBuiltInOrderAcrossTheRingsGrowth() {
        Kernel k = new Kernel(1);
        PacketPool pool = new PacketPool();
        List<String> out = new ArrayList<>();
        AckDelayLine line = new AckDelayLine(k, 1000, p -> out.add(p.psn + "@" + k.now()));
        // 10 frames built at 0 leave at 1000 (the ring's head is then at slot 10 of 16); 8 built at 1500 and
        // 8 at 1600 fill it across its end; 5 more at 1700 make it grow while it wraps
        long[][] batches = {{0, 10}, {1500, 8}, {1600, 8}, {1700, 5}};
        int[] psn = {0};
        for (long[] b : batches) {
            at(k, b[0], () -> {
                for (int i = 0; i < b[1]; i++) {
                    Packet p = pool.acquire();
                    p.psn = psn[0]++;
                    line.add(p);
                }
            });
        }
        int[] waiting = new int[1];
        at(k, 1700, () -> waiting[0] = line.size());
        k.runUntil(1_000_000);
        List<String> expected = new ArrayList<>();
        int n = 0;
        for (long[] b : batches) {
            for (int i = 0; i < b[1]; i++) {
                expected.add(n++ + "@" + (b[0] + 1000));
            }
        }
        assertEquals(expected, out);
        assertEquals(21, waiting[0]);
        assertEquals(0, line.size());
    }

    private static void at(Kernel k, long t, Runnable r) {
        k.schedule(new SimEvent() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void fire() {
                r.run();
            }
        }, t);
    }
}
