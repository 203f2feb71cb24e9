package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.workloads.traffic.Message;

class HalvingDoublingTest {
    @Test
    void fourRanksExchangeHalvesThenQuartersThenBack() {
        long s = 64 << 10;
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4)
                .algorithm(Algorithm.HALVING_DOUBLING).size(s).build());
        List<Message> data = Jobs.data(Jobs.record(4, p));
        long[][] b = Jobs.bytes(data, 4);
        for (int v = 0; v < 4; v++) {
            assertEquals(s, b[v][v ^ 2], "S/2 in the first halving step and S/2 in the last doubling step");
            assertEquals(s / 2, b[v][v ^ 1], "S/4 twice");
            assertEquals(0, b[v][v ^ 3]);
        }
        assertEquals(16, data.size());
        long cts = Jobs.ser(64) + Jobs.LAT + Jobs.CTS_DELAY;
        long expected = cts + 2 * Jobs.ser(s / 2) + 2 * Jobs.ser(s / 4) + 4 * Jobs.LAT + 4 * 5 * Jobs.US;
        assertEquals(expected, p.jobIterations().get(0).durationPs());
    }

    @Test
    void sixRanksFoldTwoIntoTheirNeighboursBeforeAndAfter() {
        long s = 96 << 10;
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 6)
                .algorithm(Algorithm.HALVING_DOUBLING).size(s).build());
        long[][] b = Jobs.bytes(Jobs.data(Jobs.record(6, p)), 6);
        // pre-step 1 -> 0 and 3 -> 2 carry S, post-step 0 -> 1 and 2 -> 3 carry S
        assertEquals(s, b[1][0]);
        assertEquals(s, b[3][2]);
        assertEquals(s, b[0][1]);
        assertEquals(s, b[2][3]);
        // participants 0, 2, 4, 5 as v = 0..3: v ^ 2 pairs 0-4 and 2-5 (S), v ^ 1 pairs 0-2 and 4-5 (S/2)
        assertEquals(s, b[0][4]);
        assertEquals(s, b[5][2]);
        assertEquals(s / 2, b[0][2]);
        assertEquals(s / 2, b[4][5]);
        long total = 0;
        for (long[] row : b) {
            for (long v : row) {
                total += v;
            }
        }
        assertEquals(4 * s + 4 * 3 * s / 2, total);
    }

    @Test
    void allGatherAndReduceScatterRunOneHalfEach() {
        long s = 64 << 10;
        CollectiveProgram ag = new CollectiveProgram(Jobs.of(Collective.ALLGATHER, 4)
                .algorithm(Algorithm.HALVING_DOUBLING).size(s).build());
        CollectiveProgram rs = new CollectiveProgram(Jobs.of(Collective.REDUCESCATTER, 4)
                .algorithm(Algorithm.HALVING_DOUBLING).size(s).build());
        long[][] a = Jobs.bytes(Jobs.data(Jobs.record(4, ag)), 4);
        long[][] r = Jobs.bytes(Jobs.data(Jobs.record(4, rs)), 4);
        for (int v = 0; v < 4; v++) {
            assertEquals(s / 4, a[v][v ^ 1]);
            assertEquals(s / 2, a[v][v ^ 2]);
            assertEquals(s / 2, r[v][v ^ 2]);
            assertEquals(s / 4, r[v][v ^ 1]);
        }
    }
}
