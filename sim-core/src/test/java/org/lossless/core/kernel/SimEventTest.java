package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import nl.tudelft.simulation.dsol.formalisms.eventscheduling.LambdaSimEvent;
import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;

/**
 * {@link SimEvent} through DSOL's {@link SimEventInterface}: its time, id and order as DSOL code sees them, also
 * against events of other kinds, and how it prints.
 */
class SimEventTest {
    private final List<String> trace = new ArrayList<>();
    private final LongHeapEventList list = new LongHeapEventList();

    /** A plain event type, printed by {@link SimEvent#toString()}. */
    static final class Tick extends SimEvent {
        private static final long serialVersionUID = 1L;

        Tick() {
        }

        Tick(short priority) {
            super(priority);
        }

        @Override
        protected void fire() {
        }
    }

    /** A DSOL event of another kind with a fixed time, priority and id. */
    private static SimEventInterface<Long> other(long time, int priority, long id) {
        return new SimEventInterface<>() {
            private static final long serialVersionUID = 1L;

            @Override
            public void execute() {
            }

            @Override
            public Long getAbsoluteExecutionTime() {
                return time;
            }

            @Override
            public short getPriority() {
                return (short) priority;
            }

            @Override
            public long getId() {
                return id;
            }
        };
    }

    @Test
    void idIsTheSchedulingSequenceNumberWhateverThePriority() {
        Tick a = new Tick();
        Tick b = new Tick(SimEventInterface.MAX_PRIORITY);
        Tick c = new Tick(SimEventInterface.MIN_PRIORITY);
        list.add(a, 30);
        list.add(b, 10);
        list.add(c, 20);
        assertEquals(0, a.getId());
        assertEquals(1, b.getId());
        assertEquals(2, c.getId());
        list.add(a, 40); // re-armed: scheduled last
        assertEquals(3, a.getId());
    }

    @Test
    void dsolSeesTheTimeInPicosecondsBoxed() {
        Tick a = new Tick();
        list.add(a, 123_456_789_012L);
        assertEquals(Long.valueOf(123_456_789_012L), a.getAbsoluteExecutionTime());
        assertEquals(123_456_789_012L, a.timePs());
    }

    @Test
    void simEventsCompareByTimeThenPriorityThenSchedulingOrder() {
        Tick early = new Tick();
        Tick lateLow = new Tick(SimEventInterface.MIN_PRIORITY);
        Tick lateHigh = new Tick(SimEventInterface.MAX_PRIORITY);
        Tick lateNormal = new Tick();
        Tick lateNormal2 = new Tick();
        list.add(lateLow, 20);
        list.add(early, 10);
        list.add(lateNormal, 20);
        list.add(lateHigh, 20);
        list.add(lateNormal2, 20);
        assertEquals(-1, early.compareTo(lateLow));
        assertEquals(1, lateLow.compareTo(early));
        assertEquals(-1, lateHigh.compareTo(lateNormal)); // higher priority first, though scheduled later
        assertEquals(1, lateLow.compareTo(lateNormal)); // lower priority last, though scheduled first
        assertEquals(-1, lateNormal.compareTo(lateNormal2)); // FIFO
        assertEquals(1, lateNormal2.compareTo(lateNormal));
        assertEquals(0, lateNormal.compareTo(lateNormal));
    }

    @Test
    void againstOtherDsolEventsTheOrderIsTimeThenHigherPriorityThenId() {
        Tick e = new Tick(); // priority 5, id 0, at 20 ps
        list.add(e, 20);
        assertEquals(1, e.compareTo(other(10, 5, 0)));
        assertEquals(-1, e.compareTo(other(30, 5, 0)));
        assertEquals(1, e.compareTo(other(20, 6, 0))); // the other's higher priority first
        assertEquals(-1, e.compareTo(other(20, 4, 0)));
        assertEquals(-1, e.compareTo(other(20, 5, 7))); // equal priority: smaller id first
        Tick f = new Tick();
        list.add(f, 20); // id 1
        assertEquals(1, f.compareTo(other(20, 5, 0)));
        assertEquals(0, f.compareTo(other(20, 5, 1)));
    }

    @Test
    void toStringNamesTheEventTypeTimeAndPriority() {
        Tick a = new Tick(SimEventInterface.MAX_PRIORITY);
        list.add(a, 30);
        assertEquals("Tick[t=30 ps, priority=10]", a.toString());
    }

    @Test
    void aForeignEventPrintsItsTimeAndTheDsolEventItCarries() {
        LambdaSimEvent<Long> lambda = new LambdaSimEvent<>(20L, () -> trace.add("x")) {
            private static final long serialVersionUID = 1L;

            @Override
            public String toString() {
                return "my-lambda";
            }
        };
        list.add(lambda);
        SimEvent stored = list.peek();
        assertTrue(stored instanceof ForeignEvent);
        assertEquals("ForeignEvent[t=20 ps, my-lambda]", stored.toString());
    }
}
