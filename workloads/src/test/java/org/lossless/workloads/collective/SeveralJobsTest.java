package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.workloads.traffic.Message;

class SeveralJobsTest {
    @Test
    void jobsOnTheirOwnHostsHaveTheirOwnConnectionsPriorityAndRows() {
        CollectiveProgram a = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).name("a").size(64 << 10).build());
        CollectiveProgram b = new CollectiveProgram(Jobs.of(Collective.ALLGATHER, 4).name("b").ranks(List.of(4, 5, 6, 7))
                .size(64 << 10).build());
        List<Message> all = Jobs.record(8, a, b);
        for (Message m : all) {
            boolean inA = m.connection().srcHost() < 4;
            assertEquals(inA ? "a" : "b", m.workload());
            assertEquals(inA, m.connection().dstHost() < 4);
        }
        // alone or together: the recording model has no contention, so the same durations
        CollectiveProgram alone = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).name("a").size(64 << 10).build());
        Jobs.record(8, alone);
        assertEquals(alone.jobIterations(), a.jobIterations());
        assertEquals("allgather", b.jobIterations().get(0).type());
        assertTrue(a.finished() && b.finished());
    }

    @Test
    void theSameJobTwiceGivesTheSameMessagesAtTheSameTimes() {
        long[][] first = times(Jobs.record(6, new CollectiveProgram(Jobs.of(Collective.ALLTOALL, 6).size(3 << 20)
                .pairs(PairSizes.skewed(1.5)).build())));
        long[][] second = times(Jobs.record(6, new CollectiveProgram(Jobs.of(Collective.ALLTOALL, 6).size(3 << 20)
                .pairs(PairSizes.skewed(1.5)).build())));
        assertArrayEquals(first, second);
    }

    private static long[][] times(List<Message> ms) {
        long[][] out = new long[ms.size()][];
        for (int i = 0; i < ms.size(); i++) {
            Message m = ms.get(i);
            out[i] = new long[] {m.connection().srcHost(), m.connection().dstHost(), m.bytes(), m.postPs(), m.deliveredPs()};
        }
        return out;
    }
}
