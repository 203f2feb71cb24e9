package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * {@link Agenda}'s order, checked against a plain sort of what was added: earliest time first, then the earlier stamp,
 * then the earlier place (insertion order, or the place given to {@link Agenda#addPlaced}).
 */
class AgendaTest {
    record Entry(long time, long stamp, long place, long code) {
    }

    private static final Comparator<Entry> ORDER = Comparator.comparingLong(Entry::time)
            .thenComparingLong(Entry::stamp).thenComparingLong(Entry::place);

    @Test
    void byHandTiesGoByStampThenByInsertion() {
        Agenda a = new Agenda();
        a.add(500, 10, 1);  // place 0
        a.add(300, 20, 2);  // place 1
        a.add(500, 5, 3);   // place 2: same time as code 1, earlier stamp
        a.add(500, 10, 4);  // place 3: same time and stamp as code 1, added later
        long reserved = a.reserve(); // place 4
        a.add(300, 20, 5);  // place 5
        a.addPlaced(300, 20, reserved, 6); // where an entry added before code 5 would have gone
        assertEquals(300, a.peekTime());
        List<Long> out = new ArrayList<>();
        while (!a.isEmpty()) {
            out.add(a.poll());
        }
        assertEquals(List.of(2L, 6L, 5L, 3L, 1L, 4L), out);
    }

    /** 20,000 operations with many ties, polls between adds, growth past the first capacity of 64. */
    @Test
    void theSameOrderAsASortOfEverythingPending() {
        Random r = new Random(7);
        Agenda a = new Agenda();
        List<Entry> pending = new ArrayList<>();
        long code = 0;
        int polled = 0;
        for (int step = 0; step < 20_000; step++) {
            if (pending.isEmpty() || r.nextInt(5) < 3) {
                long time = 1_000 * r.nextInt(50);
                long stamp = r.nextInt(4);
                long place;
                if (r.nextInt(10) == 0) {
                    place = a.reserve();
                    a.addPlaced(time, stamp, place, code);
                } else {
                    place = a.add(time, stamp, code);
                }
                pending.add(new Entry(time, stamp, place, code++));
            } else {
                Entry first = pending.stream().min(ORDER).orElseThrow();
                assertEquals(first.time(), a.peekTime());
                assertEquals(first.code(), a.peekCode());
                assertEquals(first.code(), a.poll());
                pending.remove(first);
                polled++;
            }
            assertEquals(pending.size(), a.size());
        }
        assertTrue(polled > 5_000 && pending.size() > 64, polled + " polled, " + pending.size() + " pending");
    }
}
