package org.lossless.workloads.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.workloads.collective.Algorithm;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.Protocol;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.collective.TunerMode;
import org.lossless.workloads.traffic.ConnectionOptions;

/**
 * A training job's timers run ahead of completions that came less than its reaction delay before them (a parallel
 * run, {@link TrainingProgram#decidesAhead}) and it still does exactly what it does in time order.
 */
class DecidesAheadTest {
    private static final long KB = 1024;
    /** The job's reaction delay: its clear-to-send delay, 800 ns, less than its 2 us network step. */
    private static final long DELAY = 800_000;

    /** Four channels, 1 us base and 2 us network step latency, 800 ns clear-to-send delay, one GPU per host. */
    private static CommSettings settings(Algorithm algorithm) {
        return new CommSettings(4, algorithm, Protocol.SIMPLE, ConnectionOptions.of(3), 1_000_000, 2_000_000, 0,
                RingOrder.RAIL, true, GpuServers.ONE_PER_HOST, TunerMode.SIMULATOR, DELAY);
    }

    /**
     * Four ranks: two pairs all-reduce (after compute of 1 us plus 300 ns per rank), then all four (after 200 ns times
     * 3 - rank), then rank 0 sends to rank 3; two iterations.
     */
    private static TrainingProgram job(Algorithm algorithm) {
        Communicator a = new Communicator("a", CommKind.TP, new int[] {0, 1});
        Communicator b = new Communicator("b", CommKind.TP, new int[] {2, 3});
        Communicator all = new Communicator("all", CommKind.DP, new int[] {0, 1, 2, 3});
        FixedSource src = new FixedSource(4, List.of(a, b, all), (r, g) -> {
            int c = g.compute(0, Runs.US + 300_000L * r, "c");
            int pair = g.collective(1, CommKind.TP, Collective.ALLREDUCE, r < 2 ? 0 : 1, 2048 * KB, null, "pair", c);
            int c2 = g.compute(0, 200_000L * (3 - r), "c2", pair);
            int ar = g.collective(1, CommKind.DP, Collective.ALLREDUCE, 2, 3000 * KB, null, "all", c2);
            if (r == 0) {
                g.send(2, CommKind.PP, 3, 64 * KB, "send", ar);
            } else if (r == 3) {
                g.recv(2, CommKind.PP, 0, 64 * KB, "recv", ar);
            }
            return g.build();
        });
        return new TrainingProgram(new TrainingJob("train", "training", src, new int[] {0, 1, 2, 3},
                settings(algorithm), 2, 0, null, true));
    }

    /** The same posts, or the first that differs. */
    private static void assertSame(List<String> expected, List<String> got) {
        for (int i = 0; i < Math.min(expected.size(), got.size()); i++) {
            assertEquals(expected.get(i), got.get(i), "post " + i);
        }
        assertEquals(expected.size(), got.size(), "posts");
    }

    private static String results(TrainingProgram p) {
        return p.jobIterations() + "\n" + p.timeline();
    }

    @Nested
    class RingCalls {
        /**
         * Hundreds of timers run ahead of completions less than the delay before them; the posts, iterations and
         * timeline are those of time order. (With a call's timer re-armed by such a completion placed anew instead of
         * where its last timer placed it, {@code TrainingProgram.childTimer}, post 82 differs: tried.)
         */
        @Test
        void postTheSameMessagesAtTheSameTimesWhenTimersRunAheadOfCompletions() {
            TrainingProgram inOrder = job(Algorithm.RING);
            List<String> expected = new WindowedRun(4, Runs.RATE, Runs.LAT, 0).run(inOrder);
            TrainingProgram windowed = job(Algorithm.RING);
            WindowedRun run = new WindowedRun(4, Runs.RATE, Runs.LAT, DELAY);
            List<String> got = run.run(windowed);
            assertTrue(run.ahead > 100, "timers run ahead of an earlier completion: " + run.ahead + ", held " + run.held);
            assertEquals(2, inOrder.jobIterations().size());
            assertSame(expected, got);
            assertEquals(results(inOrder), results(windowed));
        }

        @Test
        void decideAheadWithAReactionDelay() {
            TrainingProgram p = job(Algorithm.RING);
            new WindowedRun(4, Runs.RATE, Runs.LAT, DELAY).run(p);
            assertEquals(DELAY, p.minReactionDelayPs());
            assertTrue(p.decidesAhead());
        }
    }

    @Nested
    class MustNotRunAhead {
        @Test
        void aJobWithCheckpointsDeclaresNoDelayAndNeverDecidesAhead() {
            TrainingJob plain = job(Algorithm.RING).job();
            TrainingJob withCheckpoints = new TrainingJob(plain.name(), plain.type(), plain.source(), plain.hostOfRank(),
                    plain.comm(), 2, 0, new CheckpointPlan(1, new int[] {0}, new int[] {4}, 64 * KB, 64 * KB), true);
            TrainingProgram p = new TrainingProgram(withCheckpoints);
            assertEquals(0, p.minReactionDelayPs(), "a checkpoint's last ACK starts the next iteration at its instant");
            assertFalse(p.decidesAhead());
        }

        /** The job with tree all-reduces, on 2-GPU servers (800 Gb/s NVLink, 500 ns). */
        private TrainingJob treesOnServers() {
            GpuServers two = new GpuServers(2, 800_000_000_000L, 500_000L);
            CommSettings s = settings(Algorithm.TREE);
            CommSettings tree = new CommSettings(s.channels(), s.algorithm(), s.protocol(), s.connection(),
                    s.baseLatencyPs(), s.stepLatencyPs(), s.nvlinkStepPs(), s.ringOrder(), s.pxn(), two, s.tuner(),
                    s.ctsDelayPs());
            TrainingJob j = job(Algorithm.TREE).job();
            return new TrainingJob(j.name(), j.type(), j.source(), j.hostOfRank(), tree, 2, 0, null, true);
        }

        /**
         * Trees on 2-GPU servers: the GPU where a server's chain meets the tree reduces a slice from NVLink (a timer)
         * and one from the network (a completion), so a call does not decide ahead, and while one runs the job's
         * timers after the window's earliest completion wait for it; the run still gives the time order's posts.
         */
        @Test
        void whileATreeOnGpuServersRunsTheJobsTimersWaitForTheCompletionsBeforeThem() {
            TrainingJob onServers = treesOnServers();
            TrainingProgram inOrder = new TrainingProgram(onServers);
            List<String> expected = new WindowedRun(4, Runs.RATE, Runs.LAT, 0).run(inOrder);
            TrainingProgram windowed = new TrainingProgram(onServers);
            WindowedRun run = new WindowedRun(4, Runs.RATE, Runs.LAT, DELAY);
            assertSame(expected, run.run(windowed));
            assertTrue(run.held > 0, "timers held back by a call that does not decide ahead: " + run.held);
            assertEquals(results(inOrder), results(windowed));
        }

    }
}
