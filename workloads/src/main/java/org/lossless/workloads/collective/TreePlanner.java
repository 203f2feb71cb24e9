package org.lossless.workloads.collective;

/**
 * NCCL's tree all-reduce ({@code runTreeSplit}): every channel runs both trees of the
 * {@link DoubleBinaryTree}, each on half of the channel's data, as two logical channels with their own
 * connections ({@code 2c} and {@code 2c+1}). The data goes in chunks of one buffer step (512 KiB with
 * Simple, no slicing; 8 in flight per connection). Per chunk, a rank reduces what its children sent and
 * sends the sum up (one op of its "up" stream); the root reduces and sends the result down to its
 * children in the same op; every other rank forwards what its parent sent down to its children (its
 * "down" stream, running beside the up stream, as NCCL splits a block's threads between the two).
 */
final class TreePlanner {
    private static final int UP = 0;
    private static final int DOWN = 1;
    private static final int ROOT = 2;

    private TreePlanner() {
    }

    static void allReduce(PlanBuilder b, CollectiveJob job) {
        long chunk = b.protocol().stepDataBytes();
        int[] ranks = job.rankArray();
        int n = ranks.length;
        int[] pos = TreeShape.positions(ranks);
        for (int c = 0; c < job.channels(); c++) {
            long channelBytes = Split.share(job.sizeBytes(), job.channels(), c);
            for (int t = 0; t < 2; t++) {
                int ch = 2 * c + t;
                TreeShape shape = TreeShape.of(ranks, job.servers(), c, t);
                int[] post = shape.postOrder(ranks);
                int[] pre = shape.preOrder(ranks);
                long bytes = Split.share(channelBytes, 2, t);
                int[] up = new int[n];
                int[] down = new int[n];
                int k = 0;
                for (long off = 0; off < bytes; off += chunk, k++) {
                    long size = Math.min(chunk, bytes - off);
                    for (int v : post) {
                        int[] kids = shape.children()[v];
                        int[] in = new int[kids.length];
                        for (int j = 0; j < kids.length; j++) {
                            in[j] = up[pos[kids[j]]];
                        }
                        if (v == shape.root()) {
                            int op = b.op(ranks[v], stream(v, ch, ROOT), k, ch, in);
                            for (int kid : kids) {
                                down[pos[kid]] = b.send(op, kid, size, ch, NcclConstants.STEPS);
                            }
                        } else {
                            int op = b.op(ranks[v], stream(v, ch, UP), k, ch, in);
                            up[v] = b.send(op, shape.parent()[v], size, ch, NcclConstants.STEPS);
                        }
                    }
                    for (int v : pre) {
                        if (v == shape.root()) {
                            continue;
                        }
                        int op = b.op(ranks[v], stream(v, ch, DOWN), k, ch, down[v]);
                        for (int kid : shape.children()[v]) {
                            down[pos[kid]] = b.send(op, kid, size, ch, NcclConstants.STEPS);
                        }
                    }
                }
            }
        }
    }

    private static long stream(int position, int logicalChannel, int kind) {
        return ((long) position * CollectiveJob.MAX_CHANNELS * 2 + logicalChannel) * 3 + kind;
    }
}
