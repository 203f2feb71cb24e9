package org.lossless.workloads.simai;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveProgram;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.Protocol;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.training.CallJobs;
import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.training.TrainingJob;
import org.lossless.workloads.training.TrainingProgram;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.RecordingContext;
import org.lossless.workloads.traffic.TrafficProgram;

class SimaiTest {
    private static final long NS = 1000;
    private static final long MB = 1 << 20;
    private static final long RATE = 100_000_000_000L;
    private static final long LAT = 1_000_000L;

    private static String header(int tp, int ep, int gpus) {
        return "HYBRID_TRANSFORMER_FWD_IN_BCKWD model_parallel_NPU_group: " + tp + " ep: " + ep + " pp: 1 vpp: 2 ga: 1 "
                + "all_gpus: " + gpus + " checkpoints: 0 checkpoint_initiates: 0 pp_comm: 0\n";
    }

    private static CommSettings settings() {
        return new CommSettings(1, null, Protocol.SIMPLE, ConnectionOptions.of(3), 0, 0, 0, RingOrder.RAIL, true,
                GpuServers.ONE_PER_HOST);
    }

    private static void record(int hosts, TrafficProgram p) {
        new RecordingContext(StarTopology.build(hosts, RATE, LAT), 1000, 1, RATE, LAT).run(List.of(p), Long.MAX_VALUE);
    }

    private static long run(String text) {
        SimaiFile f = SimaiFile.parse("w.txt", text);
        TrainingProgram p = new TrainingProgram(new TrainingJob("simai", "simai", new SimaiSource(f),
                IntStream.range(0, f.gpus()).toArray(), settings(), 1, 0, null, true));
        record(f.gpus(), p);
        return p.jobIterations().get(0).durationPs();
    }

    private static long allReduceAlone(int... hosts) {
        CollectiveProgram p = new CollectiveProgram(CallJobs.collective("x", Collective.ALLREDUCE, hosts, MB, null,
                settings(), 0));
        record(2, p);
        return p.jobIterations().get(0).durationPs();
    }

    @Nested
    class Runs {
        @Test
        void withoutCommunicationAnIterationIsEveryComputeAndUpdateTime() {
            // 1000 + 2000 + 3000 + 500 + 100 + 200 + 300 ns
            assertEquals(7100 * NS, run(header(1, 1, 2) + "2\n"
                    + "A\t-1\t1000\tNONE\t0\t2000\tNONE\t0\t3000\tNONE\t0\t500\n"
                    + "B\t-1\t100\tNONE\t0\t200\tNONE\t0\t300\tNONE\t0\t0\n"));
        }

        @Test
        void aForwardAllReduceBlocksTheNextCompute() {
            long d = allReduceAlone(0, 1);
            assertEquals(600 * NS + d, run(header(2, 1, 2) + "1\n"
                    + "A -1 100 ALLREDUCE 1048576 200 NONE 0 300 NONE 0 0\n"));
        }

        @Test
        void aWeightGradientAllReduceOverlapsTheRestOfTheBackwardPass() {
            // backward runs B (ig 200, wg 300), starts B's data-parallel all-reduce at 1600 ns, then A's 5000 ns of
            // compute beside it; the iteration ends with the longer of the two
            long d = allReduceAlone(0, 1);
            long computeEnd = 7100 * NS;
            long commEnd = 1600 * NS + d;
            assertEquals(Math.max(computeEnd, commEnd), run(header(1, 1, 2) + "2\n"
                    + "A -1 1000 NONE 0 2000 NONE 0 3000 NONE 0 500\n"
                    + "B -1 100 NONE 0 200 NONE 0 300 ALLREDUCE 1048576 0\n"));
        }
    }

    @Test
    void groupsFollowMegatronRankOrder() {
        // tp 2, 8 GPUs: dp 4; ep 2 splits each data-parallel group into expert groups of 2 consecutive replicas
        SimaiSource s = new SimaiSource(SimaiFile.parse("w.txt", header(2, 2, 8) + "0\n"));
        int rank5 = 5; // t 1, d 2
        assertArrayEquals(new int[] {4, 5}, members(s, rank5, SimaiComm.Group.TP));
        assertArrayEquals(new int[] {1, 3, 5, 7}, members(s, rank5, SimaiComm.Group.DP));
        assertArrayEquals(new int[] {5, 7}, members(s, rank5, SimaiComm.Group.EP));
        assertArrayEquals(new int[] {1, 5}, members(s, rank5, SimaiComm.Group.DP_EP));
        assertEquals(CommKind.EP, s.communicators().get(s.group(rank5, SimaiComm.Group.EP)).kind());
    }

    private static int[] members(SimaiSource s, int rank, SimaiComm.Group g) {
        return s.communicators().get(s.group(rank, g)).ranks();
    }

    @Test
    void typesTakeThePhasesGroupUnlessSuffixed() {
        assertEquals(new SimaiComm(Collective.ALLTOALL, SimaiComm.Group.EP), SimaiComm.parse("ALLTOALL_EP", SimaiComm.Group.TP));
        assertEquals(new SimaiComm(Collective.ALLREDUCE, SimaiComm.Group.DP), SimaiComm.parse("ALLREDUCE", SimaiComm.Group.DP));
        assertEquals(new SimaiComm(Collective.REDUCESCATTER, SimaiComm.Group.DP_EP),
                SimaiComm.parse("REDUCESCATTER_DP_EP", SimaiComm.Group.TP));
    }

    @Nested
    class BadInput {
        private String error(String text) {
            return assertThrows(SimaiException.class, () -> SimaiFile.parse("w.txt", text)).getMessage();
        }

        @Test
        void anUnknownLayerKindIsNamed() {
            assertEquals("w.txt: line 1: unknown SimAI layer kind 'HYBRID_DLRM': only HYBRID_TRANSFORMER_FWD_IN_BCKWD "
                    + "(what AICB writes for training) is supported", error("HYBRID_DLRM DLRM_LAST_BOTTOM_LAYER: 1\n0\n"));
        }

        @Test
        void anUnknownCommunicationTypeIsNamed() {
            assertEquals("w.txt: line 3, ig_comm_type: unknown communication type 'BROADCAST' (SimAI's: NONE, or "
                    + "ALLREDUCE, ALLGATHER, REDUCESCATTER, ALLTOALL, each plain, _EP or _DP_EP)",
                    error(header(1, 1, 2) + "1\nA -1 1 NONE 0 1 BROADCAST 8 1 NONE 0 0\n"));
            assertEquals("w.txt: line 3, fwd_comm_type: unknown communication type 'ALLREDUCEALLTOALL' (SimAI's: NONE, "
                    + "or ALLREDUCE, ALLGATHER, REDUCESCATTER, ALLTOALL, each plain, _EP or _DP_EP)",
                    error(header(1, 1, 2) + "1\nA -1 1 ALLREDUCEALLTOALL 8 1 NONE 0 1 NONE 0 0\n"));
        }

        @Test
        void aSizeThatDoesNotParseIsNamed() {
            assertEquals("w.txt: line 4, wg_comm_size: '16MB' is not a whole number >= 0",
                    error(header(1, 1, 2) + "2\nA -1 1 NONE 0 1 NONE 0 1 NONE 0 0\nB -1 1 NONE 0 1 NONE 0 1 ALLREDUCE 16MB 0\n"));
        }

        @Test
        void theLineCountMustMatch() {
            assertEquals("w.txt: line 2 announces 2 layer lines but the file has 1",
                    error(header(1, 1, 2) + "2\nA -1 1 NONE 0 1 NONE 0 1 NONE 0 0\n"));
            assertEquals("w.txt: line 3 has 11 columns; a layer line has 12: name dependency fwd_compute fwd_comm_type "
                    + "fwd_comm_size ig_compute ig_comm_type ig_comm_size wg_compute wg_comm_type wg_comm_size wg_update",
                    error(header(1, 1, 2) + "1\nA -1 1 NONE 0 1 NONE 0 1 NONE 0\n"));
        }

        @Test
        void pipelineStagesAndBadGroupSizesAreRefused() {
            assertEquals("w.txt: line 1: pp is 2: pipeline stages of SimAI files are not supported (SimAI's packet mode "
                    + "runs pp 1 too); describe a pipelined job with type: training",
                    error(header(1, 1, 4).replace("pp: 1", "pp: 2") + "0\n"));
            assertEquals("w.txt: line 1: all_gpus 6 is not a multiple of model_parallel_NPU_group 4",
                    error(header(4, 1, 6) + "0\n"));
            assertEquals("w.txt: line 1: ep 3 does not divide the data-parallel size 4 (all_gpus / "
                    + "model_parallel_NPU_group)", error(header(2, 3, 8) + "0\n"));
        }
    }
}
