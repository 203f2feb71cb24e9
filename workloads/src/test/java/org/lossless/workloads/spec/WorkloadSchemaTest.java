package org.lossless.workloads.spec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.settings.Key;
import org.lossless.workloads.collective.Collective;

/**
 * The workload schemas list exactly the keys, in exactly the order, the readers allowed before they were declared
 * (the "allowed here" list of an unknown-key message is this order, so users' messages stay byte-identical), and
 * the defaults and ranges docs/scenario.md gave by hand.
 */
class WorkloadSchemaTest {
    private static final String[] CALL = {"channels", "algorithm", "protocol", "priority", "dscp", "cc", "qps",
        "base_latency", "step_latency", "nvlink_step_latency", "cts_delay", "ring_order", "pxn", "tuner"};

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void everyTypeTakesTypeNameCcAndTransport() {
        assertArrayEquals(new String[] {"type", "name", "cc", "transport"}, WorkloadSchema.COMMON.names());
        // "nic" (the scenario's nic.cc), then every algorithm the NIC implements, in its order: the ones that predate
        // the registry first as they always were, none last; an algorithm added later sits in between without any
        // list here naming it (docs/cc.md, "Adding an algorithm")
        java.util.List<String> choices = WorkloadSchema.CC.choices();
        assertEquals("nic", choices.get(0));
        assertEquals(org.lossless.nic.CcAlgorithms.NAMES, choices.subList(1, choices.size()));
        assertEquals(java.util.List.of("dcqcn", "hpcc", "timely", "dctcp", "swift"), choices.subList(1, 6));
        assertEquals("none", choices.get(choices.size() - 1));
        assertEquals("nic", WorkloadSchema.CC.dflt());
    }

    @Nested
    class Collectives {
        private final String[] common = {"type", "name", "algorithm", "protocol", "hosts", "size", "channels",
            "iterations", "gap", "start", "priority", "dscp", "cc", "qps", "base_latency", "step_latency",
            "nvlink_step_latency", "cts_delay", "ring_order", "pxn", "tuner"};

        @Test
        void eachCollectiveAllowsItsKeysInTheReadersOrder() {
            assertArrayEquals(common, CollectiveSchema.names(Collective.ALLREDUCE));
            assertArrayEquals(common, CollectiveSchema.names(Collective.ALLGATHER));
            assertArrayEquals(common, CollectiveSchema.names(Collective.REDUCESCATTER));
            assertArrayEquals(concat(common, "root"), CollectiveSchema.names(Collective.BROADCAST));
            assertArrayEquals(concat(common, "skew", "pairs"), CollectiveSchema.names(Collective.ALLTOALL));
        }

        @Test
        void plainDefaultsAndRanges() {
            assertEquals(1, CollectiveSchema.ITERATIONS.dflt());
            assertEquals(1_000_000L, CollectiveSchema.ITERATIONS.max());
            assertEquals(0L, CollectiveSchema.GAP.dflt());
            assertEquals(64L, CollectiveSchema.QPS.max());
            assertEquals("nic", CollectiveSchema.CC.dflt());
            assertEquals("nic", CollectiveSchema.CC.choices().get(0));
            assertEquals(Key.AUTO, CollectiveSchema.BASE_LATENCY.dflt());
            assertEquals(64L, CollectiveSchema.COLLECTIVE.key("channels").max());
        }
    }

    @Nested
    class Training {
        @Test
        void trainingAllowsItsKeysInTheReadersOrder() {
            String[] own = {"type", "name", "hosts", "tp", "pp", "dp", "ep", "schedule", "layers", "micro_batches",
                "iterations", "start", "hidden", "seq", "micro_batch", "dtype_bytes", "grad_dtype_bytes", "params",
                "layer_params", "experts", "top_k", "moe_every", "routing_skew", "routing", "sequence_parallel", "zero",
                "bucket", "overlap_grad_reduce", "compute", "recompute", "checkpoint", "timeline_replica"};
            assertArrayEquals(concat(own, CALL), TrainingSchema.TRAINING.names());
            assertArrayEquals(new String[] {"forward", "backward", "gpu_flops", "efficiency", "optimizer"},
                    TrainingSchema.COMPUTE.names());
            assertArrayEquals(new String[] {"every", "servers", "size", "chunk", "ranks"},
                    TrainingSchema.CHECKPOINT.names());
        }

        @Test
        void tracesAllowTheirKeysInTheReadersOrder() {
            assertArrayEquals(concat(new String[] {"type", "name", "traces", "hosts", "comm_groups", "iterations",
                "start"}, CALL), TrainingSchema.CHAKRA.names());
            assertArrayEquals(concat(new String[] {"type", "name", "path", "hosts", "iterations", "start"}, CALL),
                    TrainingSchema.SIMAI.names());
        }

        @Test
        void plainDefaultsAndRanges() {
            assertEquals(1L << 20, TrainingSchema.TRAINING.key("tp").max());
            assertEquals(2, TrainingSchema.TRAINING.key("dtype_bytes").dflt());
            assertEquals(4, TrainingSchema.TRAINING.key("grad_dtype_bytes").dflt());
            assertEquals(16L, TrainingSchema.TRAINING.key("grad_dtype_bytes").max());
            assertEquals(3L, TrainingSchema.TRAINING.key("zero").max());
            assertEquals(25L * 1024 * 1024, TrainingSchema.TRAINING.key("bucket").dflt());
            assertEquals(true, TrainingSchema.TRAINING.key("pxn").dflt());
            assertEquals(true, TrainingSchema.TRAINING.key("overlap_grad_reduce").dflt());
            assertEquals(1, TrainingSchema.CHECKPOINT.key("every").dflt());
        }
    }
}
