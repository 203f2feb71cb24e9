package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.workloads.traffic.Message;

class TreeAllReduceTest {
    @Test
    void theDoubleBinaryTreeOfEightIsNcclsAndMirrored() {
        // trees.cc illustration: 0 -> 4 -> {2, 6}, 2 -> {1, 3}, 6 -> {5, 7}; tree 1 is v -> 7 - v
        assertArrayEquals(new int[] {-1, 2, 4, 2, 0, 6, 4, 6}, DoubleBinaryTree.parents(8, 0));
        assertArrayEquals(new int[] {1, 3, 1, 7, 5, 3, 5, -1}, DoubleBinaryTree.parents(8, 1));
        // odd counts shift by one instead
        assertArrayEquals(new int[] {-1, 2, 4, 2, 0, 6, 4}, DoubleBinaryTree.parents(7, 0));
        assertArrayEquals(new int[] {5, -1, 3, 5, 3, 1, 0}, DoubleBinaryTree.parents(7, 1));
        // with 14 ranks the root's child is 8 and 13 hangs under 12
        int[] p14 = DoubleBinaryTree.parents(14, 0);
        assertEquals(0, p14[8]);
        assertEquals(12, p14[13]);
        assertEquals(8, p14[12]);
    }

    @Test
    void everyRankSendsHalfTheBufferUpOneTreeAndEveryEdgeCarriesItDown() {
        long size = 4 << 20;
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 8).algorithm(Algorithm.TREE)
                .size(size).build());
        List<Message> data = Jobs.data(Jobs.record(8, p));
        int[][] parents = {DoubleBinaryTree.parents(8, 0), DoubleBinaryTree.parents(8, 1)};
        long[][] bytes = new long[8][8];
        for (Message m : data) {
            bytes[m.connection().srcHost()][m.connection().dstHost()] += m.bytes();
            assertEquals(512 << 10, m.bytes(), "Simple tree chunks are one 512 KiB buffer step");
        }
        for (int a = 0; a < 8; a++) {
            for (int b = 0; b < 8; b++) {
                long expect = 0;
                for (int[] par : parents) {
                    if (par[a] == b || par[b] == a) {
                        expect += size / 2;
                    }
                }
                assertEquals(expect, bytes[a][b], a + " -> " + b);
            }
        }
    }

    @Test
    void aOneChunkTreeTakesUpAndDownTheDepthWithAStepLatencyPerHop() {
        // 4 ranks: tree 0 is 0 -> 2 -> {1, 3}, tree 1 is 3 -> 1 -> {0, 2}: depth 2 each, run side by side
        long size = 64 << 10;
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).algorithm(Algorithm.TREE)
                .size(size).build());
        Jobs.record(4, p);
        long cts = Jobs.ser(64) + Jobs.LAT + Jobs.CTS_DELAY;
        long hop = Jobs.ser(size / 2) + Jobs.LAT;
        assertEquals(cts + 4 * hop + 4 * 5 * Jobs.US, p.jobIterations().get(0).durationPs());
    }

    @Test
    void forSmallMessagesOnManyRanksTheTreeBeatsTheRingAndForLargeOnesTheRing() {
        // the recording model has no contention, so this checks the step structure: log depth versus 2(n-1)
        long small = 64 << 10;
        CollectiveProgram ringSmall = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 16).size(small).build());
        CollectiveProgram treeSmall = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 16).size(small)
                .algorithm(Algorithm.TREE).build());
        Jobs.record(16, ringSmall);
        Jobs.record(16, treeSmall);
        assertTrue(treeSmall.jobIterations().get(0).durationPs() < ringSmall.jobIterations().get(0).durationPs() / 2);
    }
}
