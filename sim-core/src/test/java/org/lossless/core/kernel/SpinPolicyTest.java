package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The barrier's spin budgets ({@link SpinPolicy}): doubled after a wait that ended before the waiter parked, halved
 * after one that parked, 0 below 1/32 of the 2,000 maximum; one budget per arrival slot and kind of wait; a fixed count
 * ({@code -Dlossless.spins=N}) never adapts. Sequences computed by hand from the rule.
 */
class SpinPolicyTest {
    /** The budgets after each outcome in turn, from {@code start} ({@code true}: the wait parked). */
    private static int[] walk(int start, boolean... parked) {
        int[] out = new int[parked.length];
        int limit = start;
        for (int i = 0; i < parked.length; i++) {
            limit = SpinPolicy.next(limit, parked[i]);
            out[i] = limit;
        }
        return out;
    }

    @Nested
    class Rule {
        @Test
        void theBoundsAreTheOldSpinAndAThirtySecondOfIt() {
            assertEquals(2_000, SpinPolicy.MAX);
            assertEquals(62, SpinPolicy.MIN); // 2,000 / 32 = 62.5, rounded down
        }

        @Test
        void waitsThatParkHalveTheBudgetToNoneInSixSteps() {
            // 2000/2 = 1000, 500, 250, 125, 62 (>= 62), then 31 < 62: none; none stays none
            assertArrayEquals(new int[] {1000, 500, 250, 125, 62, 0, 0},
                    walk(2_000, true, true, true, true, true, true, true));
        }

        @Test
        void waitsThatEndBeforeTheParkDoubleTheBudgetBackToTheMaximum() {
            // none grows to 62 (a wait that ended within the yields), then doubles: 124 ... 1984, capped at 2000
            assertArrayEquals(new int[] {62, 124, 248, 496, 992, 1984, 2000, 2000},
                    walk(0, false, false, false, false, false, false, false, false));
        }

        @Test
        void mixedOutcomesMoveTheBudgetOneStepEachWay() {
            // 2000 -> park 1000 -> park 500 -> early 1000 -> park 500 -> park 250 -> early 500
            assertArrayEquals(new int[] {1000, 500, 1000, 500, 250, 500},
                    walk(2_000, true, true, false, true, true, false));
            // at the bottom: 62 -> park 0 -> early 62 -> park 0
            assertArrayEquals(new int[] {0, 62, 0}, walk(62, true, false, true));
        }

        @Test
        void aBudgetOffTheLadderStillHalvesAndDoubles() {
            // 1500 (not a power-of-two step of 2000): 750, 375, back 750, 1500, 2000 (capped)
            assertArrayEquals(new int[] {750, 375, 750, 1500, 2000}, walk(1_500, true, true, false, false, false));
            // 100 halves to 50 < 62: none
            assertArrayEquals(new int[] {0}, walk(100, true));
        }
    }

    @Nested
    class Budgets {
        @Test
        void eachSlotAndKindOfWaitHasItsOwnBudget() {
            assertEquals(0, SpinPolicy.budget(0, false));
            assertEquals(1, SpinPolicy.budget(0, true));
            assertEquals(6, SpinPolicy.budget(3, false));
            assertEquals(7, SpinPolicy.budget(3, true));
        }

        @Test
        void adaptiveBudgetsStartAtTheMaximumAndMoveApart() {
            SpinPolicy p = new SpinPolicy(2, -1);
            int first = SpinPolicy.budget(0, false);
            int woken = SpinPolicy.budget(0, true);
            int second = SpinPolicy.budget(1, false);
            for (int b = 0; b < 4; b++) {
                assertEquals(2_000, p.limit(b));
            }
            p.ended(first, p.limit(first), true);
            p.ended(first, p.limit(first), true);
            p.ended(woken, p.limit(woken), true);
            p.ended(woken, p.limit(woken), false);
            p.ended(second, p.limit(second), false);
            assertEquals(500, p.limit(first));
            assertEquals(2_000, p.limit(woken)); // 2000 -> 1000 -> 2000
            assertEquals(2_000, p.limit(second)); // capped
            assertEquals(2_000, p.limit(SpinPolicy.budget(1, true))); // untouched
        }

        @Test
        void aFixedCountNeverAdapts() {
            SpinPolicy old = new SpinPolicy(1, 2_000);
            SpinPolicy none = new SpinPolicy(7, 0);
            for (int i = 0; i < 10; i++) {
                old.ended(0, old.limit(0), true);
                none.ended(1, none.limit(1), false);
            }
            assertEquals(2_000, old.limit(0));
            assertEquals(2_000, old.limit(1));
            assertEquals(0, none.limit(1));
            assertEquals(0, none.limit(12));
        }
    }
}
