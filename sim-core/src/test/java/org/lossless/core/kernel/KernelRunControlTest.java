package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * How a {@link Kernel} run ends and what it reports: aborts from outside the model, progress counters for other
 * threads, runs longer than one batch of the run loop, an interrupt pending at the start, a stop followed by a longer
 * run. Every model here ends at a fixed simulated time.
 */
class KernelRunControlTest {
    private final List<String> trace = new ArrayList<>();
    private final Kernel kernel = new Kernel();

    /** An event that re-arms itself every {@code periodPs} and counts its firings. */
    private final class Ticker extends SimEvent {
        private static final long serialVersionUID = 1L;
        final long periodPs;
        long fired;
        /** The firing (1-based) that calls {@link Kernel#requestAbort()}; 0 for none. */
        long abortAt;

        Ticker(long periodPs) {
            this.periodPs = periodPs;
        }

        @Override
        protected void fire() {
            fired++;
            if (fired == abortAt) {
                kernel.requestAbort();
            }
            kernel.schedule(this, kernel.now() + periodPs);
        }
    }

    @Test
    void aRunLongerThanOneBatchRunsToItsStopTime() {
        Ticker t = new Ticker(1);
        kernel.schedule(t, 1);
        kernel.runUntil(10_000); // 10,000 events at 1..10,000 ps: more than two batches of 4,096
        assertEquals(10_000, t.fired);
        assertEquals(10_000, kernel.eventsExecuted());
        assertEquals(10_000, kernel.now());
        assertFalse(kernel.aborted());
    }

    @Test
    void requestAbortEndsTheRunAtTheEndOfTheBatchWithTheClockWhereItGot() {
        Ticker t = new Ticker(1);
        t.abortAt = 5;
        kernel.schedule(t, 10);
        kernel.runUntil(1_000_000);
        // The first batch: 4,096 ticks at 10..4,105 ps.
        assertTrue(kernel.aborted());
        assertEquals(Kernel.BATCH, t.fired);
        assertEquals(Kernel.BATCH, kernel.eventsExecuted());
        assertEquals(4_105, kernel.now());
        assertEquals(1, kernel.pending(), "the ticker stays armed for 4,106 ps");
        assertEquals(4_105, kernel.progressNowPs());
        assertEquals(Kernel.BATCH, kernel.progressEvents());
    }

    @Test
    void anAbortRequestedInTheLastBatchOfARunThatEndsAnywayIsNotAnAbort() {
        Ticker t = new Ticker(10);
        t.abortAt = 3;
        kernel.schedule(t, 10);
        kernel.runUntil(100);
        assertFalse(kernel.aborted());
        assertEquals(10, t.fired);
        assertEquals(100, kernel.now());
    }

    @Test
    void progressCountersShowTheEndOfTheLastRun() {
        assertEquals(0, kernel.progressNowPs());
        assertEquals(0, kernel.progressEvents());
        Ticker t = new Ticker(7);
        kernel.schedule(t, 0);
        kernel.runUntil(100); // ticks at 0, 7, ..., 98
        assertEquals(100, kernel.progressNowPs());
        assertEquals(15, kernel.progressEvents());
        kernel.runUntil(200); // 105, ..., 196
        assertEquals(200, kernel.progressNowPs());
        assertEquals(29, kernel.progressEvents());
    }

    @Test
    void anInterruptPendingWhenTheRunStartsIsKeptForAfterTheRun() {
        Ticker t = new Ticker(10);
        kernel.schedule(t, 10);
        Thread.currentThread().interrupt();
        try {
            kernel.runUntil(100);
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt status must be kept (and is cleared here)");
        }
        assertEquals(10, t.fired);
        assertEquals(100, kernel.now());
        kernel.runUntil(200); // without an interrupt: none afterwards
        assertFalse(Thread.currentThread().isInterrupted());
        assertEquals(20, t.fired);
    }

    @Test
    void eventsRunOnTheCallingThread() {
        List<String> threads = new ArrayList<>();
        kernel.schedule(new SimEvent() {
            @Override
            protected void fire() {
                threads.add(Thread.currentThread().getName());
            }
        }, 5);
        kernel.runUntil(10);
        assertTrue(kernel.id().startsWith("lossless-kernel-"), kernel.id());
        assertEquals(List.of(Thread.currentThread().getName()), threads);
        assertFalse(kernel.id().equals(new Kernel().id()), "every kernel has its own name");
    }

    @Test
    void aStoppedRunLeavesNoTraceOfItsEndInTheNextLongerRun() {
        kernel.schedule(new SimEvent() {
            @Override
            protected void fire() {
                trace.add("stop@" + kernel.now());
                kernel.stop();
            }
        }, 20);
        kernel.schedule(new TestEvent("t1500", trace), 1_500);
        kernel.schedule(new TestEvent("t4000", trace), 4_000);
        kernel.runUntil(1_000); // stops at 20; the first run's end (at 1,000) must not end the next one
        assertEquals(20, kernel.now());
        assertEquals(2, kernel.pending());
        kernel.runUntil(5_000);
        assertEquals(List.of("stop@20", "t1500", "t4000"), trace);
        assertEquals(5_000, kernel.now());
        assertEquals(0, kernel.pending());
    }

    @Test
    void eventsScheduledBetweenRunsBeforeWaitingCrowdsRunFirstAndTheCrowdsKeepTheirOrder() {
        // crowds of 20 (more than a calendar bucket's 16 places) at 10,000 and 12,000 ps, a timer far beyond;
        // pending events are carried from one run (replication) into the next
        for (int i = 0; i < 20; i++) {
            kernel.schedule(new TestEvent("x" + i, trace), 10_000);
            kernel.schedule(new TestEvent("y" + i, trace), 12_000);
        }
        kernel.schedule(new TestEvent("timer", trace), 100_000_000);
        kernel.runUntil(5_000);
        assertEquals(List.of(), trace);
        kernel.schedule(new TestEvent("gap-b", trace), 6_000); // into the gap before the crowds
        kernel.schedule(new TestEvent("gap-a", trace), 5_500);
        kernel.runUntil(200_000_000);
        List<String> expected = new ArrayList<>(List.of("gap-a", "gap-b"));
        for (int i = 0; i < 20; i++) {
            expected.add("x" + i);
        }
        for (int i = 0; i < 20; i++) {
            expected.add("y" + i);
        }
        expected.add("timer");
        assertEquals(expected, trace);
    }
}
