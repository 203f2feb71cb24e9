package org.lossless.workloads.training.parametric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class PipelineOrderTest {
    @Test
    void oneFOneBWarmsUpWithStagesLeftMinusOneForwardsThenAlternatesThenCoolsDown() {
        // 4 stages, 6 micro-batches (Narayanan et al., figure 4 top): stage 0 warms up with 3 forwards
        assertArrayEquals(new int[] {1, 2, 3, 4, -1, 5, -2, 6, -3, -4, -5, -6},
                PipelineOrder.of(Parallelism.Schedule.ONE_F_ONE_B, 0, 4, 6));
        assertArrayEquals(new int[] {1, 2, 3, -1, 4, -2, 5, -3, 6, -4, -5, -6},
                PipelineOrder.of(Parallelism.Schedule.ONE_F_ONE_B, 1, 4, 6));
        assertArrayEquals(new int[] {1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6},
                PipelineOrder.of(Parallelism.Schedule.ONE_F_ONE_B, 3, 4, 6));
    }

    @Test
    void gpipeRunsEveryForwardThenEveryBackward() {
        assertArrayEquals(new int[] {1, 2, 3, -1, -2, -3}, PipelineOrder.of(Parallelism.Schedule.GPIPE, 1, 4, 3));
    }
}
