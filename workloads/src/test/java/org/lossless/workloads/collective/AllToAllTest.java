package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.Message;

class AllToAllTest {
    @Test
    void uniformPairsGetSOverNInChunksOf128KiBAndEndWhenTheLastChunkIsReceived() {
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLTOALL, 4).size(1 << 20).build());
        List<Message> data = Jobs.data(Jobs.record(4, p));
        long[][] b = Jobs.bytes(data, 4);
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                assertEquals(i == j ? 0 : 256 << 10, b[i][j]);
            }
        }
        data.forEach(m -> assertEquals(128 << 10, m.bytes()));
        // each pair's two chunks go back to back after the first clear-to-send; the last receive adds a step latency
        long cts = Jobs.ser(64) + Jobs.LAT + Jobs.CTS_DELAY;
        JobIteration it = p.jobIterations().get(0);
        assertEquals(cts + 2 * Jobs.ser(128 << 10) + Jobs.LAT + 5 * Jobs.US, it.durationPs());
        assertEquals(0.75, it.busbwFactor(), 1e-12);
    }

    @Test
    void skewSendsMoreToTheFirstRanksAndExplicitPairsAreExact() {
        CollectiveProgram skewed = new CollectiveProgram(Jobs.of(Collective.ALLTOALL, 4).size(1 << 20)
                .pairs(PairSizes.skewed(1)).build());
        long[][] b = Jobs.bytes(Jobs.data(Jobs.record(4, skewed)), 4);
        // weights 1, 1/2, 1/3, 1/4 (sum 25/12): rank 1 sends 12/25 MiB to rank 0, 4/25 MiB to rank 3
        assertEquals((long) Math.floor((1 << 20) * 12.0 / 25), b[1][0]);
        assertEquals((long) Math.floor((1 << 20) * 3.0 / 25), b[0][3]);
        long[][] m = {{0, 1000, 0}, {5, 0, 300_000}, {0, 0, 0}};
        CollectiveProgram exact = new CollectiveProgram(Jobs.of(Collective.ALLTOALL, 3).pairs(PairSizes.explicit(m))
                .build());
        long[][] e = Jobs.bytes(Jobs.data(Jobs.record(3, exact)), 3);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                assertEquals(m[i][j], e[i][j]);
            }
        }
        // nccl-tests size: the busiest sender's 300,005 bytes x 3/2
        assertEquals(450_008, exact.jobIterations().get(0).sizeBytes());
    }

    @Test
    void badPairMatricesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> PairSizes.explicit(new long[][] {{1, 0}, {0, 0}}));
        assertThrows(IllegalArgumentException.class, () -> PairSizes.explicit(new long[][] {{0, 1}, {0}}));
        assertThrows(IllegalArgumentException.class, () -> Jobs.of(Collective.ALLTOALL, 3)
                .pairs(PairSizes.explicit(new long[][] {{0, 1}, {1, 0}})).build());
    }
}
