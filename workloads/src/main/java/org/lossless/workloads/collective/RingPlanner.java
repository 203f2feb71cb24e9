package org.lossless.workloads.collective;

/**
 * NCCL's ring algorithms (all_reduce.h, all_gather.h, reduce_scatter.h, broadcast.h): per channel, the
 * channel's share of the buffer goes round in loops of {@code n} chunks; in a loop every rank sends one
 * chunk to its successor per step, each step waiting for the chunk received in the previous step (slice
 * by slice), and ends with a receive-only step. With Simple a chunk is 2 MiB cut into 2 slices (at least
 * 32 KiB each), and a connection holds 4 slices in flight; LL and LL128 chunks are one buffer step
 * (32 KiB, 576,000 B of data) with 8 in flight. The last loop's chunk is its remainder / n.
 */
final class RingPlanner {
    private RingPlanner() {
    }

    /**
     * All-reduce (2(n-1) steps: reduce-scatter then all-gather), reduce-scatter or all-gather (n-1 steps)
     * on rings.
     */
    static void ring(PlanBuilder b, CollectiveJob job) {
        Protocol p = b.protocol();
        boolean simple = p == Protocol.SIMPLE;
        long chunkSize = simple ? p.stepDataBytes() * NcclConstants.RING_CHUNK_STEPS : p.stepDataBytes();
        int slices = simple ? NcclConstants.RING_CHUNK_STEPS / NcclConstants.RING_SLICE_STEPS : 1;
        long minSlice = simple ? p.stepDataBytes() * NcclConstants.RING_SLICE_STEPS / 32 : 0;
        int window = simple ? NcclConstants.STEPS / NcclConstants.RING_SLICE_STEPS : NcclConstants.STEPS;
        int n = job.n();
        int sendSteps = job.collective() == Collective.ALLREDUCE ? 2 * (n - 1) : n - 1;
        // which chunk rank position i sends at step s is (i - s - shift) mod n
        int shift = job.collective() == Collective.ALLGATHER ? 0 : 1;
        int[] ranks = job.rankArray();
        for (int c = 0; c < job.channels(); c++) {
            int[] ring = job.ringOrder().ring(ranks, c, job.servers());
            long bytes = Split.share(job.sizeBytes(), job.channels(), c);
            long loopSize = n * chunkSize;
            int loop = 0;
            for (long off = 0; off < bytes; off += loopSize, loop++) {
                long rem = bytes - off;
                long chunk = rem < loopSize ? Split.alignUp(Split.ceilDiv(rem, n), NcclConstants.ALIGN) : chunkSize;
                int[][] prev = null;
                for (int s = 0; s < sendSteps; s++) {
                    int[][] cur = new int[n][slices];
                    int tag = loop * (sendSteps + 1) + s;
                    for (int i = 0; i < n; i++) {
                        int chunkIdx = Math.floorMod(i - s - shift, n);
                        long nelem = Split.clamp(rem - chunkIdx * chunk, chunk);
                        long slice = Math.max(Split.alignUp(Split.ceilDiv(nelem, slices), NcclConstants.ALIGN), minSlice);
                        for (int k = 0; k < slices; k++) {
                            int op = prev == null ? b.op(ring[i], stream(i, c), tag, c)
                                    : b.op(ring[i], stream(i, c), tag, c, prev[Math.floorMod(i - 1, n)][k]);
                            cur[i][k] = b.send(op, ring[(i + 1) % n], Split.clamp(nelem - k * slice, slice), c, window);
                        }
                    }
                    prev = cur;
                }
                int tag = loop * (sendSteps + 1) + sendSteps;
                for (int i = 0; i < n; i++) {
                    for (int k = 0; k < slices; k++) {
                        b.op(ring[i], stream(i, c), tag, c, prev[Math.floorMod(i - 1, n)][k]);
                    }
                }
            }
        }
    }

    /**
     * Broadcast: a pipelined chain from the root along the ring; chunks of one buffer step (512 KiB with
     * Simple), 8 in flight per connection; every rank forwards a chunk as soon as it holds it.
     */
    static void broadcast(PlanBuilder b, CollectiveJob job) {
        Protocol p = b.protocol();
        long chunk = p.stepDataBytes();
        int n = job.n();
        int[] ranks = job.rankArray();
        int rootHost = ranks[job.root()];
        for (int c = 0; c < job.channels(); c++) {
            int[] ring = job.ringOrder().ring(ranks, c, job.servers());
            int at = 0;
            while (ring[at] != rootHost) {
                at++;
            }
            int[] chain = new int[n];
            for (int i = 0; i < n; i++) {
                chain[i] = ring[(at + i) % n];
            }
            long bytes = Split.share(job.sizeBytes(), job.channels(), c);
            int k = 0;
            for (long off = 0; off < bytes; off += chunk, k++) {
                long size = Math.min(chunk, bytes - off);
                int prev = -1;
                for (int i = 0; i < n; i++) {
                    int op = prev < 0 ? b.op(chain[i], stream(i, c), k, c) : b.op(chain[i], stream(i, c), k, c, prev);
                    prev = i < n - 1 ? b.send(op, chain[i + 1], size, c, NcclConstants.STEPS) : -1;
                }
            }
        }
    }

    private static long stream(int position, int channel) {
        return (long) position * CollectiveJob.MAX_CHANNELS * 2 + channel;
    }
}
