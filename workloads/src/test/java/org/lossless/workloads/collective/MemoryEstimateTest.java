package org.lossless.workloads.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class MemoryEstimateTest {
    private static final long GB = 1_000_000_000L;

    @Nested
    class Counts {
        /**
         * Ring all-reduce, 4 ranks of one GPU per host, 20 MiB, 2 channels, Simple: 192 transfers per iteration (2
         * channels x 2 loops x 6 steps x 4 ranks x 2 slices, PlanSizeTest); every one crosses the network and posts its
         * data and a clear-to-send: 384 messages per iteration, 1,152 over 3 iterations, as the program posts them.
         * The ring is made step by step: per channel 8 steps of 4 ranks x 2 slices, plus 4 hops, are held: 136 in all.
         */
        @Test
        void oneGpuPerHostEveryTransferPostsTwoMessages() {
            CollectiveJob job = Jobs.of(Collective.ALLREDUCE, 4).size(20 << 20).channels(2).iterations(3, 0).build();
            MemoryEstimate e = MemoryEstimate.of(job, Algorithm.RING, Protocol.SIMPLE);
            assertEquals(192, e.transfers());
            assertEquals(1_152, e.messages());
            assertEquals(Jobs.record(4, new CollectiveProgram(job)).size(), e.messages(), "messages the program posts");
            assertEquals(136, e.held());
            assertEquals(136 * MemoryEstimate.PLAN_BYTES_PER_TRANSFER + 1_152 * MemoryEstimate.BYTES_PER_MESSAGE,
                    e.totalBytes());
        }

        /**
         * The same ring on 2 servers of 2 GPUs: each channel's ring visits a server's two GPUs one after the other, so 2
         * of its 4 hops cross the network and 2 stay on NVLink (no message): 192 messages per iteration.
         */
        @Test
        void hopsInsideAServerPostNothing() {
            CollectiveJob job = Jobs.of(Collective.ALLREDUCE, 4).size(20 << 20).channels(2)
                    .servers(new GpuServers(2, 800_000_000_000L, 500_000L)).build();
            MemoryEstimate e = MemoryEstimate.of(job, Algorithm.RING, Protocol.SIMPLE);
            assertEquals(192, e.messages());
            assertEquals(Jobs.record(4, new CollectiveProgram(job)).size(), e.messages(), "messages the program posts");
        }

        /** 8,192 ranks, 1 GB, 2 channels, Simple: 2 x 1 loop x 16,382 steps x 8,192 ranks x 2 slices. */
        @Test
        void theIssuesEightThousandGpuRing() {
            CollectiveJob job = Jobs.of(Collective.ALLREDUCE, 8_192).size(1_000_000_000L).channels(2).build();
            MemoryEstimate e = MemoryEstimate.of(job, Algorithm.RING, Protocol.SIMPLE);
            assertEquals(536_805_376L, e.transfers());
            assertEquals(2 * 536_805_376L, e.messages());
            assertEquals(2 * (8 * 8_192 * 2 + 8_192), e.held(), "2 channels x (8 steps x 8,192 ranks x 2 slices + 8,192 hops)");
            assertEquals(2 * (8 * 8_192 * 2 + 8_192) * 200L, e.planBytes(), "about 56 MB instead of 107 GB");
            assertFalse(e.fits(64 * GB), "about 137.5 GB with the per-message figures kept to the end");
            assertEquals(1_073_610_752L * 128, e.messageBytes(), "128 B per message");
            assertTrue(e.fits(138 * 1_000_000_000L), "accepted by a heap of 138 GB");
            assertTrue(e.fits(Long.MAX_VALUE));
        }

        /** A ring's held state follows the ranks and channels, not the size; a plan built whole follows the size. */
        @Test
        void theRingsPlanPartIsBoundedByRanksAndChannels() {
            long last = 0;
            for (long size : new long[] {64L << 20, 1L << 30, 16L << 30, 256L << 30}) {
                CollectiveJob ring = Jobs.of(Collective.ALLREDUCE, 64).size(size).channels(2).build();
                MemoryEstimate e = MemoryEstimate.of(ring, Algorithm.RING, Protocol.SIMPLE);
                assertEquals(2 * (8 * 64 * 2 + 64), e.held(), "size " + size);
                assertTrue(e.totalBytes() > last, "more bytes, more messages: the estimate grows with the size");
                last = e.totalBytes();
                CollectiveJob tree = Jobs.of(Collective.ALLREDUCE, 64).algorithm(Algorithm.TREE).size(size).channels(2)
                        .build();
                MemoryEstimate t = MemoryEstimate.of(tree, Algorithm.TREE, Protocol.SIMPLE);
                assertEquals(t.transfers(), t.held(), "a tree is built whole");
            }
            long previous = 0;
            for (int n : new int[] {8, 64, 512, 4_096}) {
                CollectiveJob ring = Jobs.of(Collective.ALLREDUCE, n).size(1L << 30).channels(2).build();
                long held = MemoryEstimate.of(ring, Algorithm.RING, Protocol.SIMPLE).held();
                assertTrue(held > previous && held <= 2L * (8 * n * 2 + n), n + " ranks: " + held);
                previous = held;
            }
        }

        /** 8,192 ranks on 4 channels: 1,073,610,752 slices, more than the program can number (2^29), whatever the heap. */
        @Test
        void moreThanTheProgramCanNumberNeverFits() {
            CollectiveJob job = Jobs.of(Collective.ALLREDUCE, 8_192).size(1_000_000_000L).channels(4).build();
            MemoryEstimate e = MemoryEstimate.of(job, Algorithm.RING, Protocol.SIMPLE);
            assertEquals(1_073_610_752L, e.transfers());
            assertFalse(e.fits(Long.MAX_VALUE));
            assertTrue(e.describe().contains("more than the 536,870,912 one simulation can number"), e.describe());
        }

        @Test
        void aSmallRingHoldsAllOfIt() {
            // 2 ranks, 1 MiB, 1 channel: 3 steps x 2 ranks x 2 slices = 12 ops, 8 transfers; the window is larger
            CollectiveJob job = Jobs.of(Collective.ALLREDUCE, 2).size(1 << 20).build();
            MemoryEstimate e = MemoryEstimate.of(job, Algorithm.RING, Protocol.SIMPLE);
            assertEquals(8, e.transfers());
            assertEquals(8, e.held());
        }

        @Test
        void hugeCountsSaturateInsteadOfOverflowing() {
            assertEquals(Long.MAX_VALUE, new MemoryEstimate(Long.MAX_VALUE / 100, 0).totalBytes());
            assertEquals(Long.MAX_VALUE, new MemoryEstimate(Long.MAX_VALUE / 300, Long.MAX_VALUE / 150).totalBytes(),
                    "two thirds and a half of the largest long (200 B per slice, 128 B per message): their sum saturates");
            assertFalse(new MemoryEstimate(1, Long.MAX_VALUE).fits(Long.MAX_VALUE - 1));
        }
    }

    @Nested
    class Words {
        @Test
        void describesItsParts() {
            MemoryEstimate e = new MemoryEstimate(10_000_000L, 20_000_000L);
            // 10 M x 200 B = 2.0 GB of plan, 20 M x 128 B = 2.56 GB of messages
            assertEquals("about 4.6 GB of Java heap (a plan of 10,000,000 slices per iteration, 2.0 GB; 20,000,000 "
                    + "messages' figures kept to the run's end, 2.6 GB)", e.describe());
            assertEquals("6g", e.heapAdvice(), "4.56 GB = 4.2 GiB: 5g rounded up, plus 1 for the fabric");
            MemoryEstimate ring = new MemoryEstimate(10_000_000L, 50_000L, 20_000_000L);
            assertEquals("about 2.6 GB of Java heap (a plan of 10,000,000 slices per iteration made step by step, "
                    + "50,000 held at once, 10 MB; 20,000,000 messages' figures kept to the run's end, 2.6 GB)",
                    ring.describe());
        }

        @Test
        void sizes() {
            assertEquals("1 MB", MemoryEstimate.size(1));
            assertEquals("120 MB", MemoryEstimate.size(120_000_000L));
            assertEquals("1.5 GB", MemoryEstimate.size(1_500_000_000L));
            assertEquals("27.5 TB", MemoryEstimate.size(27_491_524_608_000L));
            assertEquals("2,000 TB", MemoryEstimate.size(2_000_000_000_000_000L));
        }
    }
}
