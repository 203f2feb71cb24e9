package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.ParallelStats;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * A collective's timers run ahead of the partitions ({@link ProgramDriver#runsAhead}): a ring all-reduce over 16
 * hosts of a k=4 fat-tree with 1 us links, two iterations; its steps and clear-to-sends wait on other pods. The same
 * result on 1, 2, 4 and 8 threads, and fewer windows than when a second program that does not decide ahead (one 1 KB
 * flow) keeps the timers due after the earliest completion a window may hold waiting for the partitions (those due
 * before it still run ahead).
 */
class RunAheadTest {
    private static final String RING = "name: a\ntopology: {type: fat-tree, k: 4, host_link: {rate: 100Gbps, delay: 1us},"
            + " fabric_link: {rate: 100Gbps, delay: 1us}}\nnic: {mtu: 1024, cc: dcqcn}\nworkloads:\n"
            + "  - {type: allreduce, name: ar, size: 512KiB, hosts: \"0-15\", algorithm: ring, iterations: 2, gap: 2us}\n";

    private static long windows(String text, int threads) {
        List<ParallelStats> stats = new ArrayList<>();
        Scenario s = ScenarioLoader.parse("t.yaml", text, Path.of("."), List.of());
        new ScenarioEngine(new PacketEngine.Parallelism(threads, null, null, stats::add)).run(s);
        return stats.get(0).windows();
    }

    /** The ring on 2-GPU servers: every other hop is NVLink (a timer of the job), the rest cross the fabric. */
    private static final String RING_ON_SERVERS = RING.replace("fabric_link: {rate: 100Gbps, delay: 1us}}",
            "fabric_link: {rate: 100Gbps, delay: 1us}, gpus_per_server: 2}");

    @Test
    void theRingGivesOneResultOn1To8Threads() {
        RunResult r = ParallelRunTest.sameForAll(RING, 1, 2, 8);
        assertEquals(2, r.jobs().size(), r.jobs().toString());
    }

    @Test
    void itsTimersNoLongerEndTheWindows() {
        long ahead = windows(RING, 2);
        long waiting = windows(RING + "  - {type: flows, flows: [{src: 0, dst: 1, size: 1KB}]}\n", 2);
        System.out.println("ring all-reduce on 2 threads: " + ahead + " windows with its timers ahead, " + waiting
                + " when they wait");
        assertTrue(ahead < waiting, ahead + " windows ahead, " + waiting + " waiting");
    }

    /**
     * On GPU servers each op of the ring still has one input, from NVLink (the job's timer) or from the network (a
     * completion), so its NVLink transfers and steps run ahead too: one result on 1, 2 and 8 threads, and fewer windows
     * than when the flow beside it keeps the timers after the earliest completion waiting.
     */
    @Test
    void onGpuServersItsNvlinkTransfersRunAheadToo() {
        assertTrue(RING_ON_SERVERS.contains("gpus_per_server: 2"));
        RunResult r = ParallelRunTest.sameForAll(RING_ON_SERVERS, 1, 2, 8);
        assertEquals(2, r.jobs().size(), r.jobs().toString());
        long ahead = windows(RING_ON_SERVERS, 2);
        long waiting = windows(RING_ON_SERVERS + "  - {type: flows, flows: [{src: 0, dst: 1, size: 1KB}]}\n", 2);
        System.out.println("ring all-reduce on 2-GPU servers on 2 threads: " + ahead + " windows with its timers ahead, "
                + waiting + " when they wait");
        assertTrue(ahead < waiting, ahead + " windows ahead, " + waiting + " waiting");
    }
}
