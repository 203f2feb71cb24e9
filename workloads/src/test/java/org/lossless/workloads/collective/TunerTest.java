package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.workloads.traffic.ConnectionOptions;

class TunerTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000L;

    private static CollectiveJob job(Collective c, int n, long size, Algorithm a, Protocol p, GpuServers servers,
                                     TunerMode mode) {
        return new CollectiveJob("t", c, a, p, IntStream.range(0, n).boxed().toList(), size, 2, 1, 0, 0,
                ConnectionOptions.of(3), -1, -1, -1, RingOrder.RAIL, true, 0,
                c == Collective.ALLTOALL ? PairSizes.skewed(0) : null, servers, mode);
    }

    private static CollectiveJob auto(int n, long size) {
        return job(Collective.ALLREDUCE, n, size, null, null, GpuServers.ONE_PER_HOST, TunerMode.SIMULATOR);
    }

    /** NCCL's own cost model, every term by hand. */
    @Nested
    class Nccl {
        @Test
        void ringSimpleIsLatencyPlusSizeOverAlgbw() {
            // 8 ranks one per server, 80 MB at 100 Gb/s: busbw 12.5 GB/s, algbw x 8/14; latency (8.4 + 14 x 14) x 1.4 us
            CollectiveJob j = job(Collective.ALLREDUCE, 8, 80_000_000, Algorithm.RING, null, GpuServers.ONE_PER_HOST,
                    TunerMode.NCCL);
            double expect = (8.4 + 14 * 14.0) * 1.4 + 80_000_000 / (1000 * 12.5 * 8 / 14);
            assertEquals(expect, NcclModel.predictUs(j, Algorithm.RING, Protocol.SIMPLE, RATE), 1e-6);
        }

        @Test
        void treeHasTheOneGpuPatternFactorAndTheCorrectionBySize() {
            // 8 one-GPU servers, 4 MiB: busbw 12.5 x 0.92 x 0.85, algbw / 2 x 0.7 (log2(4 MiB / 64 B) = 16);
            // latency 8.4 + 2 x 3 levels x 14 us
            CollectiveJob j = job(Collective.ALLREDUCE, 8, 4 << 20, null, null, GpuServers.ONE_PER_HOST, TunerMode.NCCL);
            double algbw = 12.5 * 0.92 * 0.85 * 0.5 * 0.7;
            assertEquals(8.4 + 2 * 3 * 14.0 + (4 << 20) / (1000 * algbw),
                    NcclModel.predictUs(j, Algorithm.TREE, Protocol.SIMPLE, RATE), 1e-6);
        }

        @Test
        void ringNvlinkStepsCostAtLeastTheNetworkPostOverheadOnSeveralServers() {
            // 2 servers x 4 GPUs, ring LL: 14 steps, 2 of them over the network (2.7 us, the ring's own with
            // 4 GPUs per server), 12 over NVLink at max(0.6, 1.0) us; base 6.6 us
            GpuServers servers = new GpuServers(4, 400_000_000_000L, 1_000_000);
            CollectiveJob j = job(Collective.ALLREDUCE, 8, 1 << 20, null, null, servers, TunerMode.NCCL);
            assertEquals(6.6 + 2 * 2.7 + 12 * 1.0, NcclModel.latencyUs(j, Algorithm.RING, Protocol.LL), 1e-9);
        }

        @Test
        void treeCorrectionFactorsByLog2OfSizeIn64ByteUnits() {
            assertEquals(1.0, TreeCorrection.factor(Protocol.SIMPLE, 63));
            assertEquals(0.9, TreeCorrection.factor(Protocol.SIMPLE, 64));
            assertEquals(1.0, TreeCorrection.factor(Protocol.LL, 64));
            assertEquals(0.4, TreeCorrection.factor(Protocol.LL, 64L << 12));
            assertEquals(0.7, TreeCorrection.factor(Protocol.SIMPLE, 4 << 20));
            assertEquals(0.9, TreeCorrection.factor(Protocol.SIMPLE, 256L << 20));
            assertEquals(1.0, TreeCorrection.factor(Protocol.SIMPLE, 512L << 20));
        }

        @Test
        void picksByTheModel() {
            Fabric f = Fabric.star(64, RATE, US, 4096);
            assertEquals(Protocol.LL, Tuner.choose(job(Collective.ALLREDUCE, 8, 4 << 10, Algorithm.RING, null,
                    GpuServers.ONE_PER_HOST, TunerMode.NCCL), f).protocol());
            assertEquals(Protocol.SIMPLE, Tuner.choose(job(Collective.ALLREDUCE, 8, 256 << 20, Algorithm.RING, null,
                    GpuServers.ONE_PER_HOST, TunerMode.NCCL), f).protocol());
            Tuner.Choice c = Tuner.choose(job(Collective.ALLREDUCE, 64, 1L << 30, null, null, GpuServers.ONE_PER_HOST,
                    TunerMode.NCCL), f);
            assertEquals(Algorithm.RING, c.algorithm());
        }
    }

    /** The dry run's time of one transfer, by hand. */
    @Nested
    class DryRunTiming {
        @Test
        void aBroadcastBetweenTwoHostsIsAClearToSendThenTheData() {
            // star, 100 Gb/s, 1 us links, MTU 4096, no software latency: the receiver's 64 B clear-to-send (one
            // 162 B frame on the wire), then 64 KiB of data in 16 packets of 4096 B (82 B of headers each, the
            // RETH once) with one 86 B ACK frame per packet sharing the sender's link; each crossing is two
            // links and the switch's store-and-forward of one full 4096 B frame (4178 B on the wire)
            Fabric f = Fabric.star(2, RATE, US, 4096);
            CollectiveJob b = Jobs.of(Collective.BROADCAST, 2).size(64 << 10).latencies(0, 0, 0).build();
            double path = 2 * US + 4178 * 8 / 100e9 * 1e12;
            double cts = 162 * 8 / 100e9 * 1e12 + path + Jobs.CTS_DELAY; // the sender acts on it cts_delay later
            double data = (65536 + 16 * (82 + 86) + 16) * 8 / 100e9 * 1e12 + path;
            assertEquals(cts + data, DryRun.durationPs(b, f, new PathLatency(f.topology(), 4096,
                    org.lossless.core.net.WireFormat.ROCEV2)), 2);
        }
    }

    /** The default tuner: the fastest dry run, found without running every candidate. */
    @Nested
    class Fastest {
        @Test
        void nothingLeftOpenMeansNoDryRun() {
            Tuner.Choice c = Tuner.choose(job(Collective.ALLREDUCE, 8, 1 << 20, Algorithm.TREE, Protocol.LL128,
                    GpuServers.ONE_PER_HOST, TunerMode.SIMULATOR), Fabric.star(8, RATE, US, 4096));
            assertEquals(new Tuner.Choice(Algorithm.TREE, Protocol.LL128, Double.NaN), c);
            assertEquals(List.of(new Tuner.Choice(Algorithm.DIRECT, Protocol.SIMPLE, Double.NaN)),
                    Tuner.candidates(job(Collective.ALLTOALL, 8, 1 << 20, null, null, GpuServers.ONE_PER_HOST,
                            TunerMode.SIMULATOR)));
        }

        @Test
        void halvingDoublingIsNeverACandidate() {
            for (Tuner.Choice c : Tuner.candidates(auto(8, 1 << 20))) {
                assertTrue(c.algorithm() == Algorithm.RING || c.algorithm() == Algorithm.TREE, c.toString());
            }
            assertEquals(6, Tuner.candidates(auto(8, 1 << 20)).size());
        }

        /** Every candidate run; the choice must be the fastest, ties to the earlier candidate. */
        @Test
        void theBoundsNeverChangeTheAnswerAndNeverExceedADryRun() {
            Fabric f8 = Fabric.star(8, RATE, US, 4096);
            Fabric f16 = Fabric.star(16, RATE, US, 4096);
            for (Object[] c : new Object[][] {{f8, 8, 64L << 10}, {f8, 8, 1L << 20}, {f8, 8, 16L << 20},
                    {f16, 16, 256L << 10}, {f16, 16, 4L << 20}}) {
                Fabric f = (Fabric) c[0];
                CollectiveJob j = auto((int) c[1], (long) c[2]);
                long best = Long.MAX_VALUE;
                Tuner.Choice fastest = null;
                for (Tuner.Choice cand : Tuner.candidates(j)) {
                    long t = DryRun.durationPs(j.oneCall(cand.algorithm(), cand.protocol()), f,
                            new PathLatency(f.topology(), 4096, org.lossless.core.net.WireFormat.ROCEV2));
                    long bound = Tuner.lowerBoundPs(j, cand, RATE);
                    assertTrue(bound <= t, cand + " at " + c[2] + " B: bound " + bound + " > dry run " + t);
                    if (t < best) {
                        best = t;
                        fastest = cand;
                    }
                }
                Tuner.Choice chosen = Tuner.choose(j, f);
                assertEquals(fastest.algorithm(), chosen.algorithm(), c[1] + " hosts, " + c[2] + " B");
                assertEquals(fastest.protocol(), chosen.protocol(), c[1] + " hosts, " + c[2] + " B");
                assertEquals(best / 1e6, chosen.predictedUs(), 1e-9);
            }
        }

        /**
         * Two servers of 8 GPUs sharing one NIC each (a star of 2 hosts): the tuner reads the NIC of each GPU (GPUs 8..15
         * are host 1), and each candidate's bound, the bytes spread over the 2 NICs rather than 16 GPUs, still never
         * exceeds its dry run.
         */
        @Test
        void onSharedNicsTheBoundsCountNicsAndNeverExceedADryRun() {
            GpuServers shared = new GpuServers(new org.lossless.topology.servers.ServerShape(8, 1,
                    new org.lossless.topology.servers.LocalLink(2_400_000_000_000L, US), null));
            Fabric f = Fabric.star(2, RATE, US, 4096);
            for (long size : new long[] {64L << 10, 4L << 20}) {
                CollectiveJob j = job(Collective.ALLREDUCE, 16, size, null, null, shared, TunerMode.SIMULATOR);
                long best = Long.MAX_VALUE;
                for (Tuner.Choice cand : Tuner.candidates(j)) {
                    long t = DryRun.durationPs(j.oneCall(cand.algorithm(), cand.protocol()), f,
                            new PathLatency(f.topology(), 4096, org.lossless.core.net.WireFormat.ROCEV2));
                    long bound = Tuner.lowerBoundPs(j, cand, RATE);
                    assertTrue(bound <= t, cand + " at " + size + " B: bound " + bound + " > dry run " + t);
                    best = Math.min(best, t);
                }
                assertEquals(best / 1e6, Tuner.choose(j, f).predictedUs(), 1e-9);
            }
            // 4 MiB ring, Simple: the bound takes busbw factor x S on (servers - 1) = 1 network edge, spread over the 2
            // NICs: 2 x 15/16 x 4 MiB / 2 at 100 Gb/s (headers left out) after the 8.4 us base latency
            CollectiveJob ring = job(Collective.ALLREDUCE, 16, 4L << 20, Algorithm.RING, Protocol.SIMPLE, shared,
                    TunerMode.SIMULATOR);
            long bytes = (long) (2 * 15 / 16.0 * (4L << 20) / 2);
            assertTrue(Tuner.lowerBoundPs(ring, new Tuner.Choice(Algorithm.RING, Protocol.SIMPLE, Double.NaN), RATE)
                    >= 8_400_000 + bytes * 8 * 10, "the bound counts 2 NICs, not 16 GPUs");
        }

        @Test
        void aRingOnManyHostsIsPrunedByItsStepLatenciesAlone() {
            // 128 hosts, 64 KiB: a ring all-reduce takes at least 254 steps of 5 us (LL, one GPU per server) = 1.27 ms,
            // a tree 2 x 7 levels; the bound must rule every ring out before any ring is run
            CollectiveJob j = auto(128, 64 << 10);
            for (Tuner.Choice c : Tuner.candidates(j)) {
                if (c.algorithm() == Algorithm.RING) {
                    assertTrue(Tuner.lowerBoundPs(j, c, RATE) >= 254 * 5 * US, c.toString());
                }
            }
            assertEquals(Algorithm.TREE, Tuner.choose(j, Fabric.star(128, RATE, US, 4096)).algorithm());
        }
    }
}
