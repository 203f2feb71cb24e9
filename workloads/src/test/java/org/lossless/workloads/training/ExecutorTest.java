package org.lossless.workloads.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.traffic.JobIteration;

class ExecutorTest {
    private static final long MB = 1 << 20;

    @Nested
    class PointToPoint {
        /** Rank 0: compute 10 us, send 1 MiB to rank 1. Rank 1: receive it, compute 5 us. */
        private TrainingProgram run() {
            FixedSource src = new FixedSource(2, List.of(), (r, b) -> {
                if (r == 0) {
                    int c = b.compute(0, 10 * Runs.US, "c0");
                    b.send(1, CommKind.PP, 1, MB, "send", c);
                } else {
                    int rv = b.recv(1, CommKind.PP, 0, MB, "recv");
                    b.compute(0, 5 * Runs.US, "c1", rv);
                }
                return b.build();
            });
            TrainingProgram p = new TrainingProgram(Runs.job(src, 1));
            Runs.record(2, p);
            return p;
        }

        @Test
        void theReceiverComputesOnceTheTransferThatStartedWhenTheSenderWasReadyHasEnded() {
            long d = Runs.alone(2, CallJobs.pointToPoint("x", 0, 1, MB, Runs.settings(), 0));
            TrainingProgram p = run();
            JobIteration it = p.jobIterations().get(0);
            assertEquals(15 * Runs.US + d, it.durationPs());
            List<TimelineEntry> tl = p.timeline();
            TimelineEntry recv = tl.stream().filter(e -> e.name().equals("recv")).findFirst().orElseThrow();
            assertEquals(0, recv.readyPs());
            assertEquals(10 * Runs.US, recv.startPs());
            assertEquals(10 * Runs.US + d, recv.endPs());
        }

        @Test
        void breakdownSplitsEachRanksIterationIntoComputeExposedTransferAndWaiting() {
            long d = Runs.alone(2, CallJobs.pointToPoint("x", 0, 1, MB, Runs.settings(), 0));
            TrainingIteration it = run().trainingIterations().get(0);
            Breakdown r0 = it.lanes().get(0).breakdown();
            Breakdown r1 = it.lanes().get(1).breakdown();
            assertEquals(new Breakdown(10 * Runs.US, exposed(CommKind.PP, d), 5 * Runs.US), r0);
            assertEquals(new Breakdown(5 * Runs.US, exposed(CommKind.PP, d), 10 * Runs.US), r1);
            assertEquals(new Breakdown(7_500_000, exposed(CommKind.PP, d), 7_500_000), it.mean());
            assertEquals(it.durationPs(), it.mean().totalPs());
        }

        @Test
        void criticalPathRunsThroughTheSendersComputeTheTransferAndTheReceiversCompute() {
            long d = Runs.alone(2, CallJobs.pointToPoint("x", 0, 1, MB, Runs.settings(), 0));
            TrainingIteration it = run().trainingIterations().get(0);
            CriticalPath cp = it.criticalPath();
            assertEquals(15 * Runs.US, cp.computePs());
            assertEquals(d, cp.commPs()[CommKind.PP.ordinal()]);
            assertEquals(0, cp.otherPs());
            assertEquals(List.of(0, 1), java.util.Arrays.stream(cp.ranks()).boxed().toList());
            assertTrue(cp.describe().startsWith("pp ") && cp.describe().endsWith(" on ranks 0>1"), cp.describe());
            KindFigures pp = it.kind(CommKind.PP);
            assertEquals(1, pp.calls());
            assertEquals(MB, pp.bytes());
            assertEquals(MB / (d / 1e12) / 1e9, pp.busbwGBps(), 1e-9);
        }
    }

    @Nested
    class Collectives {
        @Test
        void aCollectiveStartsWhenItsLastMemberArrivesAndEndsForAllAtOnce() {
            Communicator all = new Communicator("dp", CommKind.DP, new int[] {0, 1, 2, 3});
            FixedSource src = new FixedSource(4, List.of(all), (r, b) -> {
                int c = b.compute(0, (r + 1) * Runs.US, "c");
                int ar = b.collective(1, CommKind.DP, Collective.ALLREDUCE, 0, 4 * MB, null, "ar", c);
                b.compute(0, Runs.US, "after", ar);
                return b.build();
            });
            TrainingProgram p = new TrainingProgram(Runs.job(src, 2));
            Runs.record(4, p);
            long d = Runs.alone(4, CallJobs.collective("x", Collective.ALLREDUCE, new int[] {0, 1, 2, 3}, 4 * MB, null,
                    Runs.settings(), 0));
            List<JobIteration> rows = p.jobIterations();
            assertEquals(2, rows.size());
            assertEquals(4 * Runs.US + d + Runs.US, rows.get(0).durationPs());
            assertEquals(rows.get(0).finishPs(), rows.get(1).startPs());
            assertEquals(rows.get(0).durationPs(), rows.get(1).durationPs(), "connections reused, same time");
            TrainingIteration it = p.trainingIterations().get(0);
            // rank 0 waited 3 us for rank 3 at the call: bubble; the call itself is exposed DP
            Breakdown r0 = it.lanes().get(0).breakdown();
            assertEquals(new Breakdown(2 * Runs.US, exposed(CommKind.DP, d), 3 * Runs.US), r0);
            assertNull(it.problem());
            assertTrue(p.finished());
        }

        @Test
        void mismatchedCallsStallLoudlyInsteadOfHanging() {
            Communicator pair = new Communicator("g", CommKind.OTHER, new int[] {0, 1});
            FixedSource src = new FixedSource(2, List.of(pair), (r, b) -> {
                if (r == 0) {
                    b.collective(1, CommKind.OTHER, Collective.ALLREDUCE, 0, MB, null, "ar");
                } else {
                    b.compute(0, Runs.US, "c");
                }
                return b.build();
            });
            TrainingProgram p = new TrainingProgram(Runs.job(src, 1));
            Runs.record(2, p);
            assertTrue(p.finished());
            JobIteration row = p.jobIterations().get(0);
            assertEquals(-1, row.finishPs());
            TrainingIteration it = p.trainingIterations().get(0);
            assertNotNull(it.problem());
            assertTrue(it.problem().contains("g waited for 1 of 2 ranks"), it.problem());
        }
    }

    static long[] exposed(CommKind k, long ps) {
        long[] out = new long[CommKind.values().length];
        out[k.ordinal()] = ps;
        return out;
    }
}
