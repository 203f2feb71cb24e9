package org.lossless.workloads.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.nic.Verb;
import org.lossless.topology.Topology;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.workloads.traffic.TrafficContext;

/** The agenda's order (time, then scheduling order) and the one timer it keeps armed, counted by hand. */
class AgendaTest {
    /** Only the clock and the one timer: what an agenda uses. */
    private static final class Clock implements TrafficContext {
        long now;
        long armed = -1;

        @Override
        public long nowPs() {
            return now;
        }

        @Override
        public void wakeAt(long timePs) {
            armed = timePs;
        }

        @Override
        public void cancelTimer() {
            armed = -1;
        }

        /** Fires the timer until none is armed. */
        void drain(Agenda a) {
            while (armed >= 0) {
                now = armed;
                armed = -1;
                a.runDue(now);
            }
        }

        @Override
        public Topology topology() {
            throw new UnsupportedOperationException();
        }

        @Override
        public long hostRateBps(int host) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int mtu() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Connection connect(int srcHost, int dstHost, ConnectionOptions options) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Message post(Connection c, long bytes, Verb op, MessageTag tag, long atPs) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Xoshiro256StarStar stream(String name) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void actionsRunByTimeThenInTheOrderTheyWereScheduled() {
        Clock clock = new Clock();
        Agenda a = new Agenda();
        a.bind(clock);
        List<String> ran = new ArrayList<>();
        a.at(30, () -> ran.add("c30"));
        a.at(10, () -> ran.add("a10"));
        assertEquals(10, clock.armed);
        a.at(30, () -> ran.add("d30"));
        a.at(10, () -> {
            ran.add("b10");
            a.at(10, () -> ran.add("b10-now")); // scheduled for now while running: runs in this pass
            a.at(20, () -> ran.add("e20"));
        });
        clock.drain(a);
        assertEquals(List.of("a10", "b10", "b10-now", "e20", "c30", "d30"), ran);
        assertTrue(a.isEmpty());
        assertEquals(-1, a.nextPs());
        assertEquals(-1, clock.armed);
    }

    @Test
    void slotsFreedByRunActionsAreReusedWithoutChangingTheOrder() {
        Clock clock = new Clock();
        Agenda a = new Agenda();
        a.bind(clock);
        List<Integer> ran = new ArrayList<>();
        // 100 rounds of 50 actions at one time each: 5,000 actions through 50 slots, in order
        for (int round = 0; round < 100; round++) {
            for (int i = 0; i < 50; i++) {
                int id = round * 50 + i;
                a.at(clock.now + 5, () -> ran.add(id));
            }
            clock.drain(a);
        }
        assertEquals(5000, ran.size());
        for (int i = 0; i < ran.size(); i++) {
            assertEquals(i, ran.get(i));
        }
    }

    @Test
    void refusesThePast() {
        Clock clock = new Clock();
        clock.now = 100;
        Agenda a = new Agenda();
        a.bind(clock);
        assertThrows(IllegalArgumentException.class, () -> a.at(99, () -> { }));
    }
}
