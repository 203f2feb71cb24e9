package org.lossless.workloads.collective;

/**
 * All-to-all as NCCL runs it: grouped point-to-point sends and receives, every pair at once. Each
 * ordered pair's bytes are split over {@code channels} connections; on each, the sender posts chunks of
 * {@link NcclConstants#P2P_NET_CHUNK_BYTES} (128 KiB) as fast as the receiver's 8 buffer slots allow,
 * and the receiver's op for a chunk frees its slot. Simplification: NCCL schedules the peers in rounds
 * of at most a few peers per kernel launch; here all n-1 peers of a rank start together.
 */
final class AllToAllPlanner {
    private AllToAllPlanner() {
    }

    static void plan(PlanBuilder b, CollectiveJob job, long[][] pairs) {
        int[] ranks = job.rankArray();
        int n = ranks.length;
        long chunk = NcclConstants.P2P_NET_CHUNK_BYTES;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i == j || pairs[i][j] == 0) {
                    continue;
                }
                for (int c = 0; c < job.channels(); c++) {
                    long bytes = Split.share(pairs[i][j], job.channels(), c);
                    for (long off = 0; off < bytes; off += chunk) {
                        long size = Math.min(chunk, bytes - off);
                        int send = b.op(ranks[i], stream(i, j, c, 0, n), 0, c);
                        int t = b.send(send, ranks[j], size, c, NcclConstants.STEPS);
                        b.op(ranks[j], stream(j, i, c, 1, n), 0, c, t);
                    }
                }
            }
        }
    }

    private static long stream(int me, int peer, int channel, int direction, int n) {
        return (((long) me * n + peer) * CollectiveJob.MAX_CHANNELS + channel) * 2 + direction;
    }
}
