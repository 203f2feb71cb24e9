package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.topology.servers.LocalLink;
import org.lossless.topology.servers.ServerShape;
import org.lossless.workloads.traffic.Message;

/**
 * The ring computed from ids ({@link RingView}) against hand counts and against the plan {@link RingPlanner} stores;
 * the program's state window ({@link PlanState}) against the iteration's size.
 */
class RingViewTest {
    static final LocalLink NVLINK = new LocalLink(800_000_000_000L, 500_000);
    static final LocalLink PCIE = new LocalLink(200_000_000_000L, 1_000_000);

    static Plan stored(CollectiveJob job) {
        PlanBuilder b = new PlanBuilder(job.servers(), job.pxn(), job.protocol());
        RingPlanner.ring(b, job);
        return b.build();
    }

    static RingView view(CollectiveJob job) {
        return new RingView(job, job.protocol(), job.pxn());
    }

    static GpuServers servers(int gpus, int nics, LocalLink pcie) {
        return new GpuServers(new ServerShape(gpus, nics, NVLINK, pcie));
    }

    /** Jobs whose last loops are partial, with empty slices, empty channels, NVLink, PXN and PCIe lanes. */
    static List<CollectiveJob> shapes() {
        return List.of(
                Jobs.of(Collective.ALLREDUCE, 4).size(64 << 10).build(),
                Jobs.of(Collective.ALLREDUCE, 4).size(20 << 20).channels(2).build(),
                Jobs.of(Collective.ALLREDUCE, 5).size(9_000_000).channels(3).build(),
                Jobs.of(Collective.ALLREDUCE, 7).size(100_000).channels(2).build(),
                Jobs.of(Collective.ALLREDUCE, 3).size(40).channels(4).build(),
                // 63 chunks of 33,008 B (2 slices) and a last one of 32,084 B (1 slice): uneven counts in the last loop
                Jobs.of(Collective.ALLREDUCE, 64).size(2_111_588).build(),
                // chunks of 32, 32, 32, 4 and 0 B
                Jobs.of(Collective.ALLGATHER, 5).size(100).build(),
                Jobs.of(Collective.ALLGATHER, 8).size(8 << 20).protocol(Protocol.LL).build(),
                Jobs.of(Collective.REDUCESCATTER, 6).size(3_333_333).protocol(Protocol.LL128).channels(2).build(),
                Jobs.of(Collective.ALLREDUCE, 16).servers(servers(8, 4, null)).channels(8).size(8 << 20).build(),
                Jobs.of(Collective.ALLREDUCE, 8).servers(servers(4, 1, PCIE)).channels(2).size(5 << 20).build());
    }

    @Nested
    class ByHand {
        /**
         * 3 ranks, all-reduce, Simple, one channel, 6 MiB: a loop moves 3 chunks of 2 MiB (4 steps of 512 KiB), so
         * one full loop; 2(n-1) = 4 sending steps and the receive-only one, each rank 2 slices of 1 MiB per step:
         * 5 x 3 x 2 = 30 ops, 4 x 3 x 2 = 24 transfers, 3 lanes of 8 slices each, 4 in flight.
         */
        @Test
        void oneFullLoopOfThreeRanks() {
            RingView v = view(Jobs.of(Collective.ALLREDUCE, 3).size(6 << 20).build());
            assertEquals(30, v.ops());
            assertEquals(24, v.transferCount());
            assertEquals(3, v.lanes());
            for (int l = 0; l < 3; l++) {
                assertEquals(8, v.laneCount(l));
                assertEquals(4, v.laneWindow(l));
            }
            // op (step 2, position 1, slice 1) = 2 x 6 + 1 x 2 + 1 = 15; it waits for (step 1, position 0, slice 1) = 7
            assertEquals(1, v.inCount(15));
            assertEquals(7, v.in(15, 0));
            assertEquals(15, v.to(7));
            assertEquals(1 << 20, v.data(15));
            assertEquals(2 * 2 + 1, v.seq(15), "lane 1's sixth slice: steps 0 and 1 before it, 2 slices each");
            assertEquals(15, v.laneTransfer(1, 5));
            assertEquals(0, v.outCount(24), "step 4 only receives");
            assertEquals(6, v.sources());
        }

        /**
         * 4 ranks, 64 KiB: one loop of 4 chunks of 16 KiB; a slice is at least 32 KiB (2 steps of 512 KiB / 32), so
         * each chunk is one slice of 16 KiB and an empty one: 6 sending steps, one non-empty transfer per lane and
         * step, 6 per lane; the k-th goes at step k.
         */
        @Test
        void emptySlicesGetNoSeq() {
            RingView v = view(Jobs.of(Collective.ALLREDUCE, 4).size(64 << 10).build());
            assertEquals(7 * 4 * 2, v.ops());
            for (int l = 0; l < 4; l++) {
                assertEquals(6, v.laneCount(l));
                for (int k = 0; k < 6; k++) {
                    int t = v.laneTransfer(l, k);
                    assertEquals(k * 8 + l * 2, t);
                    assertEquals(16 << 10, v.data(t));
                    assertEquals(-1, v.seq(t + 1));
                    assertEquals(0, v.data(t + 1));
                }
            }
        }
    }

    @Nested
    class AsStored {
        @Test
        void everyOpTransferAndLaneIsTheStoredPlans() {
            for (CollectiveJob job : shapes()) {
                Plan p = stored(job);
                RingView v = view(job);
                String what = job.collective() + " n=" + job.n() + " " + job.sizeBytes() + " B";
                assertEquals(p.ops(), v.ops(), what);
                assertEquals(p.transferCount(), v.transferCount(), what);
                for (int o = 0; o < p.ops(); o++) {
                    assertEquals(p.rank(o), v.rank(o), what);
                    assertEquals(p.step(o), v.step(o), what);
                    assertEquals(p.channel(o), v.channel(o), what);
                    assertEquals(p.next(o), v.next(o), what);
                    assertEquals(p.hasPred(o), v.hasPred(o), what);
                    assertEquals(p.inCount(o), v.inCount(o), what);
                    assertEquals(p.outCount(o), v.outCount(o), what);
                    for (int j = 0; j < p.inCount(o); j++) {
                        assertEquals(vt(p, p.in(o, j)), v.in(o, j), what + " op " + o);
                    }
                    for (int j = 0; j < p.outCount(o); j++) {
                        int t = p.out(o, j);
                        int u = v.out(o, j);
                        assertEquals(vt(p, t), u, what);
                        assertEquals(p.lane(t), v.lane(u), what);
                        assertEquals(p.seq(t), v.seq(u), what + " transfer " + t);
                        assertEquals(p.from(t), v.from(u), what);
                        assertEquals(p.to(t), v.to(u), what);
                        assertEquals(p.data(t), v.data(u), what);
                        assertEquals(p.wire(t), v.wire(u), what);
                    }
                }
                assertEquals(p.lanes(), v.lanes(), what);
                for (int l = 0; l < p.lanes(); l++) {
                    assertEquals(p.laneKind(l), v.laneKind(l), what);
                    assertEquals(p.laneNic(l), v.laneNic(l), what);
                    assertEquals(p.laneDstNic(l), v.laneDstNic(l), what);
                    assertEquals(p.laneWindow(l), v.laneWindow(l), what);
                    assertEquals(p.laneCount(l), v.laneCount(l), what);
                    for (int q = 0; q < p.laneCount(l); q++) {
                        assertEquals(vt(p, p.laneTransfer(l, q)), v.laneTransfer(l, q), what + " lane " + l);
                    }
                }
                assertEquals(p.sources(), v.sources(), what);
                for (int j = 0; j < p.sources(); j++) {
                    assertEquals(p.source(j), v.source(j), what);
                }
            }
        }

        /** The view names a transfer by its producing op: the stored plan's transfer {@code t} is op {@code from(t)}. */
        private int vt(Plan p, int t) {
            return p.from(t);
        }

        @Test
        void theProgramPostsTheSameMessagesAtTheSameTimes() {
            for (CollectiveJob shape : shapes()) {
                CollectiveJob job = new CollectiveJob(shape.name(), shape.collective(), shape.algorithm(),
                        shape.protocol(), shape.ranks(), shape.sizeBytes(), shape.channels(), 2, 0, 3 * Jobs.US,
                        shape.connection(), shape.baseLatencyPs(), shape.stepLatencyPs(), shape.nvlinkStepPs(),
                        shape.ringOrder(), shape.pxn(), shape.root(), shape.pairSizes(), shape.servers(), shape.tuner());
                int hosts = job.servers().nicOf(job.rankArray()[job.n() - 1]) + 1;
                List<Message> a = Jobs.record(hosts, new CollectiveProgram(job, true));
                CollectiveProgram computed = new CollectiveProgram(job);
                List<Message> b = Jobs.record(hosts, computed);
                assertTrue(computed.finished());
                assertEquals(a.size(), b.size());
                for (int i = 0; i < a.size(); i++) {
                    Message x = a.get(i);
                    Message y = b.get(i);
                    String what = job.n() + " ranks, message " + i;
                    assertEquals(x.id(), y.id(), what);
                    assertEquals(x.postPs(), y.postPs(), what);
                    assertEquals(x.deliveredPs(), y.deliveredPs(), what);
                    assertEquals(x.bytes(), y.bytes(), what);
                    assertEquals(x.connection().srcHost(), y.connection().srcHost(), what);
                    assertEquals(x.connection().dstHost(), y.connection().dstHost(), what);
                    assertEquals(x.tag().operation(), y.tag().operation(), what);
                    assertEquals(x.tag().iteration(), y.tag().iteration(), what);
                    assertEquals(x.tag().step(), y.tag().step(), what);
                    assertEquals(x.tag().channel(), y.tag().channel(), what);
                    assertArrayEquals(x.tag().dependsOn(), y.tag().dependsOn(), what);
                }
            }
        }
    }

    @Nested
    class Window {
        /**
         * 16 ranks on one star, 2 channels, one loop of 31 steps each (62 blocks of 32 ids). A rank sends step s once
         * it holds step s-1 from its predecessor and a slot (4 slices: 2 steps) from its successor, so on a symmetric
         * fabric the ranks stay within a step or two of each other: a chain holds the step being issued, the one
         * before it (its transfers are read until the step after is done), the next one receiving and those whose
         * slots are already granted, at most 6 steps, far below the 31.
         */
        @Test
        void theProgramHoldsAFewStepsPerChannel() {
            CollectiveProgram p = new CollectiveProgram(Jobs.of(Collective.ALLREDUCE, 16).size(16 << 20).channels(2)
                    .build());
            Jobs.record(16, p);
            assertTrue(p.finished());
            assertEquals(0, p.state().liveBlocks(), "nothing held once the iteration is done");
            int peak = p.state().peakBlocks();
            assertTrue(peak >= 2 * 2 && peak <= 2 * 6, "peak " + peak + " blocks");
            long held = MemoryEstimate.of(p.job(), Algorithm.RING, Protocol.SIMPLE).held();
            assertTrue((long) peak * 16 * 2 <= held, "the estimate holds at least what the program held");
        }
    }

    /**
     * What the view claims without a scan ({@link RingView#singleInputsWithBytes}), checked by reading every op and
     * every non-empty transfer of the shapes above (partial loops, empty slices and channels, NVLink, PXN and PCIe
     * lanes, the three protocols); a stored plan claims nothing and is scanned.
     */
    @Nested
    class KnownWithoutAScan {
        @Test
        void everyOpHasOneInputAtMostAndEveryTransferWireBytes() {
            for (CollectiveJob job : shapes()) {
                RingView v = view(job);
                String what = job.collective() + " n=" + job.n() + " " + job.sizeBytes() + " B " + job.protocol();
                assertTrue(v.singleInputsWithBytes(), what);
                for (int o = 0; o < v.ops(); o++) {
                    assertTrue(v.inCount(o) <= 1, what + " op " + o);
                }
                for (int l = 0; l < v.lanes(); l++) {
                    for (int q = 0; q < v.laneCount(l); q++) {
                        assertTrue(v.wire(v.laneTransfer(l, q)) > 0, what + " lane " + l + " transfer " + q);
                    }
                }
                assertFalse(stored(job).singleInputsWithBytes(), what);
            }
        }
    }
}
