package org.lossless.workloads.training.parametric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.training.Breakdown;
import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.TrainingIteration;
import org.lossless.workloads.training.TrainingProgram;
import org.lossless.workloads.traffic.Message;

/** The checks against independent numbers: hand formulas and stand-alone runs of the collective engine. */
class TrainingChecksTest {
    @Nested
    class PureCompute {
        @ParameterizedTest
        @CsvSource({"1, 1", "4, 1", "3, 5"})
        void iterationIsLayersTimesMicroBatchesTimesForwardPlusBackwardExactly(int layers, int microBatches) {
            Configs c = new Configs();
            c.layers = layers;
            c.microBatches = microBatches;
            c.forward = 123_457;
            c.backward = 246_913;
            c.iterations = 2;
            TrainingProgram p = Record.training(c.build());
            long expect = (long) layers * microBatches * (123_457 + 246_913);
            for (TrainingIteration it : p.trainingIterations()) {
                assertEquals(expect, it.durationPs());
                assertEquals(new Breakdown(expect, new long[CommKind.values().length], 0), it.mean());
            }
            assertEquals(2, p.jobIterations().size());
        }
    }

    @Nested
    class PipelineBubble {
        /** 1F1B and GPipe: bubble = (pp - 1) / (m + pp - 1) of the ideal iteration (m + pp - 1)(f + b), within 1 %. */
        @ParameterizedTest
        @EnumSource(Parallelism.Schedule.class)
        void bubbleIsPpMinusOneOverMPlusPpMinusOneOfTheIdealIteration(Parallelism.Schedule schedule) {
            for (int[] pm : new int[][] {{4, 8}, {2, 2}, {4, 4}, {3, 12}}) {
                int pp = pm[0];
                int m = pm[1];
                Configs c = new Configs();
                c.pp = pp;
                c.microBatches = m;
                c.schedule = schedule;
                c.layers = 2 * pp;
                c.forward = 5 * Configs.MS;
                c.backward = 10 * Configs.MS;
                TrainingIteration it = Record.training(c.build()).trainingIterations().get(0);
                long f = 2 * c.forward;
                long b = 2 * c.backward;
                double ideal = (double) (m + pp - 1) * (f + b);
                double expected = (double) (pp - 1) / (m + pp - 1);
                double got = it.mean().bubblePs() / ideal;
                assertEquals(expected, got, 0.01 * expected, schedule + " pp " + pp + " m " + m);
                assertTrue(it.durationPs() >= ideal && it.durationPs() <= 1.01 * ideal, "duration " + it.durationPs());
                assertEquals((double) m * (f + b), it.mean().computePs(), 1.0);
                for (TrainingIteration.Lane lane : it.lanes()) {
                    assertEquals(expected, lane.breakdown().bubblePs() / ideal, 0.01 * expected, lane.lane());
                }
            }
        }
    }

    @Nested
    class DataParallelOverlap {
        /**
         * Two layers, only layer 1 has parameters: one gradient bucket, ready after layer 1's backward; layer 0's
         * backward (the rest of the pass) can hide it. Exposed DP = max(0, all-reduce time - layer 0's backward),
         * the all-reduce time measured by running the same all-reduce alone.
         */
        @ParameterizedTest
        @CsvSource({"10, true", "2000, true", "10, false"})
        void exposedIsAllReduceTimeMinusTheOverlappableBackward(long backwardUs, boolean overlap) {
            Configs c = new Configs();
            c.dp = 2;
            c.layers = 2;
            long params = 4L << 20;
            c.layerParams = List.of(0L, params);
            c.forward = 50 * Configs.US;
            c.backward = backwardUs * Configs.US;
            c.overlap = overlap;
            TrainingConfig cfg = c.build();
            long ar = Record.alone(2, allReduce(cfg, params * cfg.model().gradDtypeBytes()));
            TrainingIteration it = Record.training(cfg).trainingIterations().get(0);
            long overlappable = overlap ? c.backward : 0;
            long expected = Math.max(0, ar - overlappable);
            assertEquals(expected, it.mean().exposedPs(CommKind.DP));
            assertEquals(2 * (c.forward + c.backward) + expected, it.durationPs());
            assertTrue(ar > 20 * Configs.US, "the all-reduce is long enough to matter: " + ar);
        }

        private CollectiveJob allReduce(TrainingConfig cfg, long bytes) {
            return org.lossless.workloads.training.TestCalls.collective(Collective.ALLREDUCE, new int[] {0, 1}, bytes, null,
                    cfg.comm());
        }
    }

    @Nested
    class ExpertParallel {
        /**
         * 4 expert ranks of 2 experts, top-2, routing weights 4,2,1,1,0,0,0,0 (sum 8): rank j receives
         * floor(64 x 2 x W_j / 8) tokens from every rank: W = 6, 2, 0, 0 -> 96, 32, 0, 0 tokens of 32 x 2 B = 64 B.
         * Forward dispatch + combine and backward dispatch + combine: i sends 2 x (d[i][j] + d[j][i]) to j.
         */
        @org.junit.jupiter.api.Test
        void bytesPerPairAreExactlyWhatTheRoutingSends() {
            Configs c = new Configs();
            c.dp = 4;
            c.ep = 4;
            c.experts = 8;
            c.topK = 2;
            c.hidden = 32;
            c.seq = 64;
            c.routing = List.of(4.0, 2.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0);
            c.layerParams = List.of(0L); // no gradients: the only transfers are the all-to-alls
            TrainingConfig cfg = c.build();
            ParametricSource src = new ParametricSource(cfg);
            assertArrayEquals(new long[] {4 * 96, 4 * 32, 0, 0}, src.expertTokens());
            TrainingProgram p = new TrainingProgram(ParametricSource.job(cfg));
            List<Message> all = Record.run(4, p);
            long[][] got = new long[4][4];
            for (Message m : Record.data(all)) {
                got[m.connection().srcHost()][m.connection().dstHost()] += m.bytes();
            }
            long[] to = {96 * 64, 32 * 64, 0, 0};
            long[][] expect = new long[4][4];
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) {
                    expect[i][j] = i == j ? 0 : 2 * (to[j] + to[i]);
                }
            }
            assertArrayEquals(expect, got);
            assertEquals(4, p.trainingIterations().get(0).kind(CommKind.EP).calls());
        }
    }
}
