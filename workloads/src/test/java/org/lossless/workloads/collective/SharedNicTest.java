package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.topology.servers.LocalLink;
import org.lossless.topology.servers.ServerShape;
import org.lossless.workloads.traffic.Message;

/**
 * Servers with fewer NICs than GPUs, and the PCIe links between GPUs and NICs, under the recording model (every
 * connection at 100 Gb/s, 1 us of latency; {@link Jobs}). Times are worked out by hand.
 */
class SharedNicTest {
    static final LocalLink NVLINK = new LocalLink(800_000_000_000L, 500_000);

    static GpuServers servers(int gpus, int nics, LocalLink nvlink, LocalLink pcie) {
        return new GpuServers(new ServerShape(gpus, nics, nvlink, pcie));
    }

    @Nested
    class Mapping {
        @Test
        void eightGpusOnOneNicPutEveryRingEdgeBetweenServersOnThatNic() {
            // 2 servers x 8 GPUs, one NIC each (hosts 0 and 1); 16 MiB on 2 channels: per channel one loop, chunk
            // 8 MiB / 16 = 512 KiB, 30 steps, so each of the 2 server edges carries 30 chunks = 15 MiB per channel
            CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 16).servers(servers(8, 1, NVLINK,
                    null)).channels(2).size(16 << 20).build());
            List<Message> data = Jobs.data(Jobs.record(2, p));
            long[][] bytes = Jobs.bytes(data, 2);
            assertEquals(2 * 15L << 20, bytes[0][1]);
            assertEquals(2 * 15L << 20, bytes[1][0]);
            assertTrue(p.finished());
        }

        @Test
        void channelsGoRoundTheNicsFirstThenTheGpusOfEachNic() {
            GpuServers s = servers(8, 4, NVLINK, null);
            int[] entry = new int[8];
            for (int c = 0; c < 8; c++) {
                entry[c] = s.entryGpu(c);
            }
            assertArrayEquals(new int[] {0, 2, 4, 6, 1, 3, 5, 7}, entry);
            assertEquals(5, servers(8, 8, NVLINK, null).entryGpu(13), "one NIC per GPU: channel mod 8");
        }

        @Test
        void withPxnAndFourNicsEveryNetworkEdgeStaysOnItsRailAndEveryNicCarriesTwoChannels() {
            // 2 servers x 8 GPUs with 4 NICs (hosts 0-3 and 4-7); 8 channels (2 per NIC), 8 MiB: each channel's
            // 1 MiB in one loop of 16 chunks of 64 KiB, 30 steps: 1,966,080 B per server edge and channel
            CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 16).servers(servers(8, 4, NVLINK,
                    null)).channels(8).size(8 << 20).build());
            List<Message> data = Jobs.data(Jobs.record(8, p));
            long[][] bytes = Jobs.bytes(data, 8);
            for (int nic = 0; nic < 4; nic++) {
                assertEquals(2 * 1_966_080L, bytes[nic][nic + 4], "NIC " + nic + " to its rail peer");
                assertEquals(2 * 1_966_080L, bytes[nic + 4][nic]);
            }
            for (Message m : data) {
                assertEquals(m.connection().srcHost() % 4, m.connection().dstHost() % 4);
            }
        }
    }

    @Nested
    class Pcie {
        /** Broadcast of 64 KiB from GPU 0 (server 0) to GPU 2 (server 1); 2 GPUs and 1 NIC per server. */
        private long broadcast(LocalLink pcie) {
            CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.BROADCAST, 2).ranks(List.of(0, 2))
                    .servers(servers(2, 1, NVLINK, pcie)).size(64 << 10).build());
            Jobs.record(2, p);
            return p.jobIterations().get(0).durationPs();
        }

        @Test
        void withoutAModelTheNicReadsAndWritesGpuMemoryAtNoCost() {
            // clear-to-send 5.12 ns + 1 us and the sender's cts_delay, data 5.24288 us + 1 us, receiver's step 5 us
            assertEquals(1_005_120 + Jobs.CTS_DELAY + 5_242_880 + 1_000_000 + 5_000_000, broadcast(null));
        }

        @Test
        void aPcieLinkFasterThanTheNicAddsItsLatencyEachWay() {
            assertEquals(1_005_120 + Jobs.CTS_DELAY + 1_000_000 + 5_242_880 + 1_000_000 + 1_000_000 + 5_000_000,
                    broadcast(new LocalLink(200_000_000_000L, 1_000_000)));
        }

        @Test
        void aPcieLinkSlowerThanTheNicSetsTheMessagesPace() {
            // 50 Gb/s: 10.48576 us over PCIe against 5.24288 us on the wire. The NIC starts once the first bytes
            // crossed (1 us) and late enough to end with PCIe: 1.00512 + 1 + (10.48576 - 5.24288) us = 7.248 us;
            // delivered 5.24288 + 1 us later (13.49088 us); the receiving NIC's writes started when its first
            // byte arrived (8.248 us) and end 10.48576 us later, landing 1 us after: 19.73376 us; then the step.
            // All of it after the sender acted on the clear-to-send, cts_delay after it arrived
            assertEquals(Jobs.CTS_DELAY + 19_733_760 + 5_000_000, broadcast(new LocalLink(50_000_000_000L, 1_000_000)));
        }

        @Test
        void gpusSharingANicQueueOnItsPcieLink() {
            // GPUs 0 and 1 (server 0, NIC 0) send 64 KiB each to GPUs 2 and 3 (server 1, NIC 1) at once; the
            // slots are granted at 1.00512 us and seen cts_delay later; at 50 Gb/s the second waits for the first's 10.48576 us on PCIe
            long k = 64 << 10;
            PairSizes pairs = PairSizes.explicit(new long[][] {{0, 0, k, 0}, {0, 0, 0, k}, {0, 0, 0, 0}, {0, 0, 0, 0}});
            CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLTOALL, 4).pairs(pairs)
                    .servers(servers(2, 1, NVLINK, new LocalLink(50_000_000_000L, 1_000_000))).build());
            List<Message> data = Jobs.data(Jobs.record(2, p));
            assertEquals(2, data.size());
            long first = 1_005_120 + Jobs.CTS_DELAY + 1_000_000 + 5_242_880;
            assertEquals(List.of(first, first + 10_485_760), data.stream().map(Message::postPs).sorted().toList());
            data.forEach(m -> assertEquals(0, m.connection().srcHost()));
        }
    }

    @Nested
    class PcieOnlyServers {
        @Test
        void gpusWithoutNvlinkTalkOverPcieWithItsRateAndLatency() {
            // one server of 2 GPUs without NVLink, PCIe 200 Gb/s and 0.5 us: 64 KiB all-reduce, 32 KiB per step
            LocalLink pcie = new LocalLink(200_000_000_000L, 500_000);
            CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 2).servers(servers(2, 1, null,
                    pcie)).size(64 << 10).latencies(0, 5 * Jobs.US, Jobs.US).build());
            assertEquals(0, Jobs.record(2, p).size());
            long hop = (32 << 10) * 8 * 1_000_000_000_000L / 200_000_000_000L + 500_000;
            assertEquals(2 * hop + 2 * Jobs.US, p.jobIterations().get(0).durationPs());
        }

        @Test
        void ncclsPcieStepLatencyReplacesTheNvlinkOne() {
            CollectiveJob job = Jobs.of(Collective.ALLREDUCE, 4).servers(servers(2, 1, null, new LocalLink(
                    200_000_000_000L, 500_000))).latencies(-1, -1, -1).build();
            // hwLat[PCI][ring][Simple] = 5.7 us; network: ring Simple 14 us; base 8.4 us
            assertEquals(new StepLatencies(8_400_000, 14_000_000, 5_700_000), Tuner.latencies(job, Algorithm.RING,
                    Protocol.SIMPLE));
        }
    }
}
