package org.lossless.workloads.collective;

/**
 * Recursive halving and doubling (Rabenseifner), as MPI libraries run all-reduce; not an NCCL algorithm.
 * Per channel, on that channel's share of the buffer, over p = the largest power of two &lt;= n
 * participants: reduce-scatter by recursive halving (step k exchanges half of the current segment with
 * the partner at distance p/2^(k+1)), then all-gather by recursive doubling (distance 1, 2, ..., p/2,
 * sending the segment gathered so far). If n is not a power of two, the first 2r ranks (r = n - p) pair
 * up: the odd one first sends its whole buffer to the even one and at the end receives the result from
 * it. Each step's segment is one message; a step starts when the previous step's message from the
 * partner has arrived. All-gather and reduce-scatter run only their half (n must be a power of two).
 */
final class HalvingDoublingPlanner {
    private HalvingDoublingPlanner() {
    }

    static void plan(PlanBuilder b, CollectiveJob job) {
        int[] ranks = job.rankArray();
        int n = ranks.length;
        int p = Integer.highestOneBit(n);
        int r = n - p;
        int steps = Integer.numberOfTrailingZeros(p);
        boolean halving = job.collective() != Collective.ALLGATHER;
        boolean doubling = job.collective() != Collective.REDUCESCATTER;
        int window = NcclConstants.STEPS;
        // participant v -> rank position
        int[] member = new int[p];
        for (int v = 0; v < p; v++) {
            member[v] = v < r ? 2 * v : v + r;
        }
        for (int c = 0; c < job.channels(); c++) {
            long bytes = Split.share(job.sizeBytes(), job.channels(), c);
            int[] pending = new int[n];
            java.util.Arrays.fill(pending, -1);
            int tag = 0;
            if (r > 0) {
                for (int i = 0; i < r; i++) {
                    int op = b.op(ranks[2 * i + 1], stream(2 * i + 1, c), tag, c);
                    pending[2 * i] = b.send(op, ranks[2 * i], bytes, c, window);
                }
                tag++;
            }
            // segment [lo, hi) of the buffer each participant currently owns
            long[] lo = new long[p];
            long[] hi = new long[p];
            java.util.Arrays.fill(hi, bytes);
            if (halving) {
                for (int k = 0; k < steps; k++, tag++) {
                    int d = p >> (k + 1);
                    int[] sent = new int[p];
                    long[] newLo = new long[p];
                    long[] newHi = new long[p];
                    for (int v = 0; v < p; v++) {
                        long mid = lo[v] + (hi[v] - lo[v] + 1) / 2;
                        boolean keepLow = (v & d) == 0;
                        newLo[v] = keepLow ? lo[v] : mid;
                        newHi[v] = keepLow ? mid : hi[v];
                        long give = keepLow ? hi[v] - mid : mid - lo[v];
                        int at = member[v];
                        int op = pending[at] < 0 ? b.op(ranks[at], stream(at, c), tag, c)
                                : b.op(ranks[at], stream(at, c), tag, c, pending[at]);
                        sent[v] = b.send(op, ranks[member[v ^ d]], give, c, window);
                    }
                    for (int v = 0; v < p; v++) {
                        pending[member[v]] = sent[v ^ d];
                    }
                    lo = newLo;
                    hi = newHi;
                }
            } else {
                for (int v = 0; v < p; v++) {
                    lo[v] = Split.share(bytes, p, 0) * v;
                    hi[v] = lo[v] + Split.share(bytes, p, v);
                }
            }
            if (doubling) {
                for (int k = 0; k < steps; k++, tag++) {
                    int d = 1 << k;
                    int[] sent = new int[p];
                    for (int v = 0; v < p; v++) {
                        int at = member[v];
                        int op = pending[at] < 0 ? b.op(ranks[at], stream(at, c), tag, c)
                                : b.op(ranks[at], stream(at, c), tag, c, pending[at]);
                        sent[v] = b.send(op, ranks[member[v ^ d]], hi[v] - lo[v], c, window);
                    }
                    long[] newLo = new long[p];
                    long[] newHi = new long[p];
                    for (int v = 0; v < p; v++) {
                        int w = v ^ d;
                        pending[member[v]] = sent[w];
                        newLo[v] = Math.min(lo[v], lo[w]);
                        newHi[v] = Math.max(hi[v], hi[w]);
                    }
                    lo = newLo;
                    hi = newHi;
                }
            }
            for (int v = 0; v < p; v++) {
                int at = member[v];
                int op = b.op(ranks[at], stream(at, c), tag, c, pending[at]);
                if (at < 2 * r) {
                    pending[at + 1] = b.send(op, ranks[at + 1], bytes, c, window);
                }
            }
            for (int i = 0; i < r; i++) {
                b.op(ranks[2 * i + 1], stream(2 * i + 1, c), tag + 1, c, pending[2 * i + 1]);
            }
        }
    }

    private static long stream(int position, int channel) {
        return (long) position * CollectiveJob.MAX_CHANNELS * 2 + channel;
    }
}
