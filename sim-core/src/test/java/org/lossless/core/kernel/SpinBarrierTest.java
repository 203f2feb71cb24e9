package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The spin a wait at {@link SpinBarrier} gets: chosen by the engine (none after a step between windows that ran global
 * work, the default spin otherwise) unless fixed for benchmarks; no timing, only which budget each wait gets.
 */
class SpinBarrierTest {
    private static final int CORES = 2;

    @Nested
    class EngineChoice {
        @Test
        void theFirstWaitSpinsTheDefault() {
            assertEquals(2_000, new SpinBarrier(2, CORES, -1).arrivalSpins());
        }

        @Test
        void aWaitAfterAStepWithGlobalWorkParksAtOnceAndOneWithoutSpinsAgain() {
            SpinBarrier b = new SpinBarrier(2, CORES, -1);
            assertTrue(b.workNext(true));
            assertEquals(0, b.arrivalSpins());
            assertEquals(0, b.arrivalSpins(), "the choice holds until the engine's next step");
            assertFalse(b.workNext(false));
            assertEquals(2_000, b.arrivalSpins());
        }

        @Test
        void theStepRunByTheLastArrivalChoosesTheNextWait() {
            SpinBarrier b = new SpinBarrier(1, CORES, -1); // one party: await runs the action at once
            b.await(() -> b.workNext(true));
            assertEquals(0, b.arrivalSpins());
            b.await(() -> b.workNext(false));
            assertEquals(2_000, b.arrivalSpins());
        }

        @Test
        void theEarlyWakeBeforeGlobalWorkIsLeftOutWhenTheRuleParkedTheWaiters() {
            SpinBarrier b = new SpinBarrier(1, CORES, -1);
            boolean[] wakes = new boolean[3];
            b.await(() -> wakes[0] = b.wakesEarly() & b.workNext(true)); // waiters spun: woken early
            b.await(() -> wakes[1] = b.wakesEarly() | b.workNext(false)); // waiters parked at once: unparked at release
            b.await(() -> wakes[2] = b.wakesEarly());
            assertTrue(wakes[0]);
            assertFalse(wakes[1]);
            assertTrue(wakes[2]);
        }

        @Test
        void moreThreadsThanCoresNeverSpin() {
            SpinBarrier b = new SpinBarrier(3, CORES, -1);
            assertEquals(0, b.arrivalSpins());
            b.workNext(true);
            assertEquals(0, b.arrivalSpins());
        }
    }

    @Nested
    class Fixed {
        @Test
        void aFixedSpinIgnoresTheEngine() {
            SpinBarrier b = new SpinBarrier(2, CORES, 2_000);
            b.workNext(true);
            assertEquals(2_000, b.arrivalSpins());
            b.workNext(false);
            assertEquals(2_000, b.arrivalSpins());
        }

        @Test
        void aFixedSpinAlwaysWakesEarly() {
            SpinBarrier b = new SpinBarrier(1, CORES, 2_000);
            boolean[] wakes = new boolean[2];
            b.await(() -> b.workNext(true));
            b.await(() -> wakes[0] = b.wakesEarly());
            assertTrue(wakes[0]);
            SpinBarrier parkAll = new SpinBarrier(1, CORES, 0);
            parkAll.await(() -> parkAll.workNext(true));
            parkAll.await(() -> wakes[1] = parkAll.wakesEarly());
            assertTrue(wakes[1]);
        }

        @Test
        void zeroParksEveryWait() {
            SpinBarrier b = new SpinBarrier(2, CORES, 0);
            assertEquals(0, b.arrivalSpins());
            b.workNext(false);
            assertEquals(0, b.arrivalSpins());
        }
    }
}
