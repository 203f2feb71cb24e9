package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.workloads.traffic.Message;

class GpuServersTest {
    private static final GpuServers TWO = new GpuServers(2, 800_000_000_000L, 500_000L);
    private static final GpuServers FOUR = new GpuServers(4, 800_000_000_000L, 500_000L);

    @Test
    void railRingsEnterEveryServerOnTheChannelsRail() {
        int[] ranks = {0, 1, 2, 3, 4, 5, 6, 7};
        assertArrayEquals(ranks, RingOrder.RAIL.ring(ranks, 0, FOUR));
        assertArrayEquals(new int[] {1, 2, 3, 0, 5, 6, 7, 4}, RingOrder.RAIL.ring(ranks, 1, FOUR));
        assertArrayEquals(ranks, RingOrder.NAIVE.ring(ranks, 1, FOUR));
    }

    @Test
    void withPxnEveryNetworkConnectionStaysOnOneRail() {
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 8).servers(FOUR).channels(4)
                .size(8 << 20).build());
        List<Message> all = Jobs.record(8, p);
        assertTrue(all.size() > 0);
        for (Message m : all) {
            assertEquals(m.connection().srcHost() % 4, m.connection().dstHost() % 4);
            assertTrue(m.connection().srcHost() / 4 != m.connection().dstHost() / 4, "NVLink traffic is not on the fabric");
        }
        // each channel crosses between the servers once each way: 2 x 6... per slice of the channel's data
        long net = Jobs.data(all).stream().mapToLong(Message::bytes).sum();
        assertEquals(4 * 2 * 2L * 7 * (8 << 20) / 8 / 4, net, "2 server edges x 2(n-1) steps x S/n per channel");
    }

    @Test
    void aNaiveRingWithoutPxnCrossesRails() {
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 8).servers(FOUR)
                .order(RingOrder.NAIVE, false).size(1 << 20).build());
        List<Message> data = Jobs.data(Jobs.record(8, p));
        assertTrue(data.stream().anyMatch(m -> m.connection().srcHost() == 3 && m.connection().dstHost() == 4));
        assertTrue(data.stream().allMatch(m -> m.connection().srcHost() / 4 != m.connection().dstHost() / 4));
    }

    @Test
    void oneServerRunsOnNvlinkAloneWithItsRateLatencyAndStepLatency() {
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 2).servers(TWO).size(64 << 10)
                .latencies(0, 5 * Jobs.US, Jobs.US).build());
        List<Message> all = Jobs.record(2, p);
        assertEquals(0, all.size());
        long hop = (32 << 10) * 8 * 1_000_000_000_000L / 800_000_000_000L + 500_000L;
        assertEquals(2 * hop + 2 * Jobs.US, p.jobIterations().get(0).durationPs());
    }

    @Test
    void pxnHopsOverNvlinkBeforeTheNetwork() {
        // 2 servers x 2 GPUs, channel 0: 0 -> 1 (NVLink), 1 -> 2 via GPU 0's NIC, 2 -> 3, 3 -> 0 via GPU 2's NIC
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 4).servers(TWO).size(64 << 10)
                .latencies(0, 5 * Jobs.US, Jobs.US).build());
        List<Message> data = Jobs.data(Jobs.record(4, p));
        assertTrue(data.stream().allMatch(m -> m.connection().srcHost() % 2 == 0 && m.connection().dstHost() % 2 == 0));
        Message first = data.stream().filter(m -> m.tag().step() == 0).findFirst().orElseThrow();
        long nv = (16 << 10) * 8 * 1_000_000_000_000L / 800_000_000_000L + 500_000L;
        long cts = Jobs.ser(64) + Jobs.LAT + Jobs.CTS_DELAY;
        assertEquals(cts + nv, first.postPs(), "the slot granted, then the NVLink hop to the rail-local GPU, then posted");
    }

    @Test
    void treeNetworkEdgesJoinTheServersHeadsOnTheChannelsRail() {
        // 2 servers x 4 GPUs; channel 1 heads are GPU 1 of each server (hosts 1 and 5)
        TreeShape t = TreeShape.of(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, FOUR, 1, 0);
        assertEquals(1, t.root());
        assertEquals(1, t.parent()[5], "server 1's head hangs under server 0's head");
        assertEquals(5, t.parent()[6]);
        assertEquals(3, t.parent()[0], "the chain 1-2-3-0 inside server 0");
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 8).servers(FOUR).channels(2)
                .algorithm(Algorithm.TREE).size(4 << 20).build());
        for (Message m : Jobs.record(8, p)) {
            int a = m.connection().srcHost();
            int b = m.connection().dstHost();
            assertTrue((a == 0 && b == 4) || (a == 4 && b == 0) || (a == 1 && b == 5) || (a == 5 && b == 1), a + " -> " + b);
        }
    }

    @Test
    void autoChoosesAndRuns() {
        // NCCL's latencies (not the test defaults): 16 ranks, 256 KiB -> tree with LL, the fastest candidate on
        // the packet engine too (docs/workloads.md §2.8)
        CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 16).algorithm(null).protocol(null)
                .latencies(-1, -1, -1).size(256 << 10).build());
        List<Message> data = Jobs.data(Jobs.record(16, p));
        assertEquals(Algorithm.TREE, p.choice().algorithm());
        assertEquals(Protocol.LL, p.choice().protocol());
        assertEquals(new StepLatencies(6_800_000, 5_000_000, 600_000), p.latencies());
        assertTrue(p.finished());
        // 128 KiB per tree in LL steps of 32 KiB of data: 16 B on the wire per 8 B of data
        data.forEach(m -> assertEquals(65536, m.bytes()));
    }
}
