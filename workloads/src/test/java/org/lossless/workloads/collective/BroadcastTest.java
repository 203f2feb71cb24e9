package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.workloads.traffic.Message;

class BroadcastTest {
    @Test
    void chunksFlowDownTheChainFromTheRootPipelined() {
        long chunk = 512 << 10;
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.BROADCAST, 4).root(1).size(3 * chunk).build());
        List<Message> data = Jobs.data(Jobs.record(4, p));
        assertEquals(9, data.size());
        for (Message m : data) {
            int src = m.connection().srcHost();
            assertEquals((src + 1) % 4, m.connection().dstHost());
            assertEquals(chunk, m.bytes());
        }
        assertEquals(0, data.stream().filter(m -> m.connection().srcHost() == 0).count(), "rank 0 is last in 1-2-3-0");
        // root sends 3 chunks back to back; each hop adds a chunk time, a latency and a step latency
        long t = Jobs.ser(chunk);
        long cts = Jobs.ser(64) + Jobs.LAT + Jobs.CTS_DELAY;
        assertEquals(cts + 5 * t + 3 * Jobs.LAT + 3 * 5 * Jobs.US, p.jobIterations().get(0).durationPs());
        assertEquals(1.0, p.jobIterations().get(0).busbwFactor());
    }
}
