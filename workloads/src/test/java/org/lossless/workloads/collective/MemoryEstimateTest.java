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
            assertEquals(1_073_610_752L * 128, e.messageBytes(), "128 B per message if all of it stayed in the heap");
            // past the spill budgets (an eighth and a sixteenth of the heap, at least 16 MB and 8 MB, at most 512 MB and
            // 256 MB) the figures go to disk and 1 B a message stays: 2 GiB of heap keeps 256 MiB + 128 MiB of them
            long gib = 1L << 30;
            assertEquals(55_705_600L + (384L << 20) + 1_073_610_752L, e.totalBytes(2 * gib));
            assertTrue(e.fits(2 * gib), "accepted by a heap of 2 GiB (was 137.5 GB)");
            assertFalse(e.fits(gib), "1 GiB: 56 MB + 192 MiB + 1.07 GB do not fit");
            assertEquals(1_073_610_752L * 24, e.diskBytes(2 * gib), "about 25.8 GB on disk, 24 B a message");
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
            assertTrue(e.describe(Long.MAX_VALUE).contains("more than the 536,870,912 one simulation can number"),
                    e.describe(Long.MAX_VALUE));
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
            MemoryEstimate absurd = new MemoryEstimate(1, Long.MAX_VALUE);
            assertEquals(Long.MAX_VALUE, absurd.totalBytes(Long.MAX_VALUE - 1), "1 B a message stays: it saturates");
            assertFalse(absurd.fits(Long.MAX_VALUE - 1));
            assertEquals(Long.MAX_VALUE, absurd.diskBytes(Long.MAX_VALUE - 1), "the disk saturates too");
        }
    }

    @Nested
    class Words {
        @Test
        void describesItsParts() {
            MemoryEstimate e = new MemoryEstimate(10_000_000L, 20_000_000L);
            // 10 M x 200 B = 2.0 GB of plan; 20 M x 128 B = 2.56 GB of messages, of which the heap keeps the largest
            // budgets, 512 MiB + 256 MiB = 805,306,368 B, plus 1 B a message (20 MB), and the disk gets 20 M x 24 B
            assertEquals("about 2.8 GB of Java heap (a plan of 10,000,000 slices per iteration, 2.0 GB; 20,000,000 "
                    + "messages' figures kept to the run's end, 826 MB in the heap and about 480 MB on disk in the "
                    + "result directory)", e.describe(Long.MAX_VALUE));
            // 2 GiB: 2.0 GB + 256 MiB + 128 MiB + 20 MB = 2.42 GB > 2.15 GB; 3 GiB: 2.0 GB + 576 MiB + 20 MB = 2.62 GB
            assertEquals("4g", e.heapAdvice(), "3 GiB is the least whole heap that fits, plus 1 for the fabric");
            MemoryEstimate ring = new MemoryEstimate(10_000_000L, 50_000L, 20_000_000L);
            assertEquals("about 836 MB of Java heap (a plan of 10,000,000 slices per iteration made step by step, "
                    + "50,000 held at once, 10 MB; 20,000,000 messages' figures kept to the run's end, 826 MB in the "
                    + "heap and about 480 MB on disk in the result directory)", ring.describe(Long.MAX_VALUE));
            MemoryEstimate small = new MemoryEstimate(1_000L, 1_000L);
            assertEquals("about 1 MB of Java heap (a plan of 1,000 slices per iteration, 1 MB; 1,000 messages' figures "
                    + "kept to the run's end, 1 MB)", small.describe(1L << 30), "under the budgets: nothing on disk");
            assertEquals(0, small.diskBytes(1L << 30));
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
