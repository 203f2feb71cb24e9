package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;

/** A sweep's runs share the JVM's heap: each runner counts on its share for the budgets of what runs keep per message. */
class HeapShareTest {
    private static final long MAX = Runtime.getRuntime().maxMemory();

    @Test
    void aRunnerCountsOnItsShareOfTheHeapThroughEveryVariant() {
        ScenarioRunner one = new ScenarioEngine();
        assertEquals(MAX, one.heapBytes(), "alone: the JVM's limit");
        ScenarioRunner quarter = one.withHeapShare(4);
        assertEquals(MAX / 4, quarter.heapBytes());
        assertEquals(MAX / 4, quarter.withCores(2).heapBytes(), "kept when the cores are set");
        assertEquals(MAX / 4, quarter.withParallelism(null).heapBytes(), "and the threads");
        assertEquals(MAX, one.withHeapShare(0).heapBytes(), "fewer than one run is one");
    }

    @Test
    void aRunnerWithoutOneCountsOnTheWholeHeap() {
        ScenarioRunner plain = new ScenarioRunner() {
            @Override
            public RunResult run(Scenario scenario) {
                throw new UnsupportedOperationException();
            }
        };
        assertEquals(MAX, plain.withHeapShare(8).heapBytes());
    }
}
