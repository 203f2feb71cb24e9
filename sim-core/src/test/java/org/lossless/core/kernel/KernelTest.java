package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class KernelTest {
    private final List<String> trace = new ArrayList<>();
    private final Kernel kernel = new Kernel();

    private TestEvent at(String label, long t) {
        TestEvent e = new TestEvent(label, trace);
        kernel.schedule(e, t);
        return e;
    }

    @Nested
    class StopTime {
        @Test
        void eventsAtExactlyTheStopTimeRunAndLaterOnesStayPending() {
            at("a", 100);
            at("b", 200);
            at("c", 200);
            at("d", 201);
            kernel.runUntil(200);
            assertEquals(List.of("a", "b", "c"), trace);
            assertEquals(200, kernel.now());
            assertEquals(1, kernel.pending());
            assertEquals(3, kernel.eventsExecuted());
        }

        @Test
        void aLaterRunContinuesWithThePendingEvents() {
            at("a", 100);
            at("b", 300);
            kernel.runUntil(200);
            at("c", 250);
            kernel.runUntil(1_000);
            assertEquals(List.of("a", "c", "b"), trace);
            assertEquals(1_000, kernel.now());
            assertEquals(0, kernel.pending());
        }

        @Test
        void theClockEndsAtTheStopTimeEvenWhenEventsRanOutEarlier() {
            at("a", 10);
            kernel.runUntil(5_000);
            assertEquals(5_000, kernel.now());
        }

        @Test
        void runningToNowRunsTheEventsDueNow() {
            at("a", 0);
            kernel.runUntil(0);
            assertEquals(List.of("a"), trace);
            assertEquals(0, kernel.now());
            at("b", 0);
            at("c", 1);
            kernel.runUntil(0);
            assertEquals(List.of("a", "b"), trace);
            assertEquals(1, kernel.pending());
        }

        @Test
        void stopTimeBeforeNowIsRejected() {
            kernel.runUntil(100);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> kernel.runUntil(99));
            assertTrue(e.getMessage().contains("99"), e.getMessage());
        }

        @Test
        void schedulingInThePastIsRejected() {
            kernel.runUntil(100);
            assertThrows(IllegalArgumentException.class, () -> at("x", 99));
        }
    }

    @Nested
    class Stop {
        @Test
        void stopEndsTheRunAfterTheCurrentEventAndKeepsTheClockThere() {
            at("a", 10);
            kernel.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    trace.add("stopper");
                    kernel.stop();
                }
            }, 20);
            at("same-time-later", 20);
            at("b", 30);
            kernel.runUntil(1_000);
            assertEquals(List.of("a", "stopper"), trace);
            assertEquals(20, kernel.now());
            assertEquals(2, kernel.pending());
            kernel.runUntil(1_000);
            assertEquals(List.of("a", "stopper", "same-time-later", "b"), trace);
            assertEquals(1_000, kernel.now());
        }

        @Test
        void stopOutsideARunHasNoEffectOnTheNextRun() {
            at("a", 10);
            kernel.stop();
            kernel.runUntil(100);
            assertEquals(List.of("a"), trace);
            assertEquals(100, kernel.now());
        }
    }

    @Nested
    class Scheduling {
        @Test
        void cancelAndRescheduleOfPendingEvents() {
            TestEvent a = at("a", 10);
            TestEvent b = at("b", 20);
            at("c", 30);
            assertTrue(kernel.cancel(a));
            assertFalse(kernel.cancel(a));
            kernel.schedule(b, 40); // move
            kernel.runUntil(100);
            assertEquals(List.of("c", "b"), trace);
        }

        @Test
        void eventsScheduledForNowFromAnEventRunInTheSameRun() {
            kernel.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    trace.add("first");
                    at("now", kernel.now());
                }
            }, 50);
            kernel.runUntil(50);
            assertEquals(List.of("first", "now"), trace);
        }

        @Test
        void eventsExecutedCountsModelEventsOnlyOverAllRuns() {
            for (int i = 1; i <= 5; i++) {
                at("e" + i, i * 100L);
            }
            kernel.runUntil(250);
            assertEquals(2, kernel.eventsExecuted());
            kernel.runUntil(10_000);
            assertEquals(5, kernel.eventsExecuted());
        }
    }

    @Nested
    class Building {
        @Test
        void theBuilderRunsOnceAtTheFirstRunWithNamedStreams() {
            List<Long> built = new ArrayList<>();
            Kernel k = Kernel.run(1_000, 42, (scheduler, streams) -> {
                built.add(scheduler.now());
                assertSame(streams.stream("x"), streams.getStream("x"));
                scheduler.schedule(new TestEvent("from-builder", trace), 700);
            });
            assertEquals(List.of(0L), built);
            assertEquals(List.of("from-builder"), trace);
            assertEquals(42, k.streams().scenarioSeed());
            k.runUntil(2_000);
            assertEquals(List.of(0L), built, "continuing a run must not rebuild the model");
        }

        /** A run of a small random model in ten slices; returns its trace. */
        private List<String> slicedRun(long seed) {
            List<String> out = new ArrayList<>();
            Kernel k = new Kernel(seed, (scheduler, streams) -> {
                for (int i = 0; i < 20; i++) {
                    int id = i;
                    org.lossless.core.random.Xoshiro256StarStar rng = streams.stream("src." + i);
                    scheduler.schedule(new SimEvent() {
                        @Override
                        protected void fire() {
                            out.add(scheduler.now() + ":" + id);
                            scheduler.schedule(this, scheduler.now() + rng.nextLong(100));
                        }
                    }, rng.nextLong(100));
                }
            });
            for (int slice = 1; slice <= 10; slice++) {
                k.runUntil(slice * 1_000L);
            }
            return out;
        }

        @Test
        void kernelsOnParallelThreadsGiveTheSameResultsAsAlone() throws Exception {
            List<List<String>> alone = new ArrayList<>();
            for (long seed = 1; seed <= 4; seed++) {
                alone.add(slicedRun(seed));
            }
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
            try {
                List<java.util.concurrent.Future<List<String>>> futures = new ArrayList<>();
                for (long seed = 1; seed <= 4; seed++) {
                    long s = seed;
                    futures.add(pool.submit(() -> slicedRun(s)));
                }
                for (int i = 0; i < 4; i++) {
                    assertEquals(alone.get(i), futures.get(i).get(30, java.util.concurrent.TimeUnit.SECONDS));
                }
            } finally {
                pool.shutdownNow();
            }
            assertTrue(alone.get(0).size() > 1_000);
            assertFalse(alone.get(0).equals(alone.get(1)), "different seeds must differ");
        }

        @Test
        void manyShortRunsInARowContinueOneAnother() {
            TestEvent tick = new TestEvent("tick", trace);
            for (int i = 0; i < 100; i++) {
                kernel.schedule(tick, kernel.now() + 3);
                kernel.runUntil(kernel.now() + 5);
            }
            assertEquals(100, trace.size());
            assertEquals(500, kernel.now());
        }
    }

    @Nested
    class Failures {
        @Test
        void anExceptionInAnEventIsRethrown() {
            IllegalStateException boom = new IllegalStateException("boom");
            at("a", 10);
            kernel.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    throw boom;
                }
            }, 20);
            at("b", 30);
            assertSame(boom, assertThrows(IllegalStateException.class, () -> kernel.runUntil(100)));
            assertEquals(List.of("a"), trace);
        }

        @Test
        void aFailedAssertionInsideAnEventReachesTheTest() {
            kernel.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    assertEquals(1, 2);
                }
            }, 5);
            assertThrows(AssertionError.class, () -> kernel.runUntil(10));
        }

        @Test
        void aFailingBuilderFailsTheRun() {
            Kernel k = new Kernel(1, (scheduler, streams) -> {
                throw new IllegalArgumentException("bad model");
            });
            assertThrows(IllegalArgumentException.class, () -> k.runUntil(100));
        }

        @Test
        void runUntilFromInsideAnEventIsRejected() {
            kernel.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    kernel.runUntil(50);
                }
            }, 5);
            assertThrows(IllegalStateException.class, () -> kernel.runUntil(10));
        }
    }
}
