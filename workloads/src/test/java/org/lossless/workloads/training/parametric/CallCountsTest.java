package org.lossless.workloads.training.parametric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.KindFigures;
import org.lossless.workloads.training.TrainingIteration;

/**
 * What one iteration puts on the wire, counted by hand. tp 2, pp 2, dp 2 (8 GPUs), 4 layers (2 per stage), 2
 * micro-batches: 4 tensor groups, 4 data-parallel groups, 4 pipeline pairs.
 */
class CallCountsTest {
    private static Configs base() {
        Configs c = new Configs();
        c.tp = 2;
        c.pp = 2;
        c.dp = 2;
        c.layers = 4;
        c.microBatches = 2;
        return c;
    }

    private static long calls(TrainingIteration it, CommKind k) {
        KindFigures f = it.kind(k);
        return f == null ? 0 : f.calls();
    }

    private static TrainingIteration run(Configs c) {
        TrainingIteration it = Record.training(c.build()).trainingIterations().get(0);
        assertNull(it.problem());
        return it;
    }

    @Test
    void megatronTensorPipelineAndDataParallel() {
        TrainingIteration it = run(base());
        // 4 all-reduces per layer and micro-batch (2 forward, 2 backward) x 2 layers x 2 micro-batches, per group
        assertEquals(16 * 4, calls(it, CommKind.TP));
        // per pair 2 activations forward and 2 gradients back; each received tensor all-gathered in its tensor group
        // (stage 1 gathers 2 activations, stage 0 2 gradients, in each of 2 replicas)
        assertEquals(4 * 4 + 2 * 2 * 2, calls(it, CommKind.PP));
        // 2 layers x 1,000 parameters / tp 2 x 4 B = 4 KB: one bucket per group
        assertEquals(4, calls(it, CommKind.DP));
        assertEquals(16L * 4 * 64 * 16 * 2, it.kind(CommKind.TP).bytes(), "each all-reduce is b s h x 2 B = 2 KiB");
    }

    @Test
    void sequenceParallelismTurnsEachAllReduceIntoAnAllGatherAndAReduceScatter() {
        Configs c = base();
        c.sp = true;
        TrainingIteration it = run(c);
        assertEquals(32 * 4, calls(it, CommKind.TP));
        assertEquals(4 * 4, calls(it, CommKind.PP), "activations already split: no all-gather after a transfer");
    }

    @Test
    void recomputationRepeatsTheForwardCalls() {
        Configs c = base();
        c.recompute = true;
        assertEquals(24 * 4, calls(run(c), CommKind.TP));
    }

    @Test
    void zeroStagesAddParameterGathers() {
        Configs c = base();
        c.zero = 1;
        assertEquals(2 * 4, calls(run(c), CommKind.DP), "reduce-scatter and all-gather of one bucket each");
        c.zero = 3;
        // a gather per layer before each forward and backward: 2 layers x 2 micro-batches x 2, plus the reduce-scatter
        assertEquals(9 * 4, calls(run(c), CommKind.DP));
    }

    @Test
    void bucketsCutTheGradientsOfTheStage() {
        Configs c = base();
        c.bucket = 1000;
        // 4,000 B of gradients per rank in buckets of 1,000 B
        assertEquals(4 * 4, calls(run(c), CommKind.DP));
    }
}
