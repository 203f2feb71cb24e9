package org.lossless.experiments.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

/** {@link SinkThread}: the other sink gets the same calls in the same order, on one thread; failures come back. */
class SinkThreadTest {
    /** A sink that notes every call, and the threads that made them. */
    static final class Recording implements FlowSink {
        final List<String> calls = new ArrayList<>();
        final java.util.Set<Thread> threads = new java.util.HashSet<>();

        @Override
        public void accept(FlowResult row) {
            threads.add(Thread.currentThread());
            calls.add("row " + row.flowId());
        }

        @Override
        public void end(long endPs) {
            threads.add(Thread.currentThread());
            calls.add("end " + endPs);
        }
    }

    static FlowResult row(long id) {
        return new FlowResult(id, "w", 0, 1, 3, 1000, 0, 10, 5, 0, 0,
                MessageLabel.NONE, 1000, 12, 7, 0);
    }

    /** The calls a run makes: rows final during it, the end, the rows not final; across batch boundaries. */
    private static void feed(FlowSink s, int before, int after) {
        for (int i = 0; i < before; i++) {
            s.accept(row(i));
        }
        s.end(123_456);
        for (int i = before; i < before + after; i++) {
            s.accept(row(i));
        }
    }

    @Test
    void theOtherSinkGetsEveryCallInOrderOnOneThreadOtherThanTheRuns() {
        for (int[] c : new int[][] {{0, 0}, {1, 0}, {0, 3}, {255, 1}, {256, 0}, {SinkThread.BATCH * SinkThread.QUEUED * 3 + 7, 300}}) {
            Recording direct = new Recording();
            feed(direct, c[0], c[1]);
            Recording beside = new Recording();
            SinkThread t = new SinkThread(beside, "test-rows");
            feed(t, c[0], c[1]);
            t.drain();
            assertEquals(direct.calls, beside.calls, c[0] + " + " + c[1]);
            assertEquals(1, beside.threads.size());
            assertFalse(beside.threads.contains(Thread.currentThread()));
            t.drain(); // twice: nothing more
            assertEquals(direct.calls.size(), beside.calls.size());
        }
    }

    @Test
    void whatTheWriterThrowsComesBackToTheRun() {
        UncheckedIOException disk = new UncheckedIOException(new java.io.IOException("No space left on device"));
        FlowSink failing = new FlowSink() {
            @Override
            public void accept(FlowResult r) {
                if (r.flowId() == 300) {
                    throw disk;
                }
            }

            @Override
            public void end(long endPs) {
            }
        };
        SinkThread t = new SinkThread(failing, "test-rows");
        // the run goes on until it next hands a batch, or at the latest at drain
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> {
            feed(t, SinkThread.BATCH * (SinkThread.QUEUED + 4), 0);
            t.drain();
        });
        assertSame(disk, e);
    }

    @Test
    void aRunThatFailsBeforeAnyBatchLeavesNoThread() {
        SinkThread t = new SinkThread(new Recording(), "test-rows-unstarted");
        for (int i = 0; i < SinkThread.BATCH - 1; i++) { // less than a batch: nothing handed yet
            t.accept(row(i));
        }
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(th -> th.getName()
                .equals("test-rows-unstarted")), "no writer before the first batch");
        t.close();
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(th -> th.getName()
                .equals("test-rows-unstarted")));
    }

    @Test
    void closeStopsAWriterThatStillWaits() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        FlowSink slow = new FlowSink() {
            @Override
            public void accept(FlowResult r) {
                started.countDown();
            }

            @Override
            public void end(long endPs) {
            }
        };
        SinkThread t = new SinkThread(slow, "test-rows-close");
        feed(t, SinkThread.BATCH, 0);
        assertTrue(started.await(10, java.util.concurrent.TimeUnit.SECONDS));
        t.close();
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(th -> th.getName().equals("test-rows-close")
                && th.isAlive()), "the writer has ended");
    }
}
