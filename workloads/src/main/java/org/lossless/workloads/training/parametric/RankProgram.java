package org.lossless.workloads.training.parametric;

import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.RankGraph;
import org.lossless.workloads.training.RankGraphBuilder;

/**
 * Builds one rank's graph of one iteration: its stage's passes in {@link PipelineOrder}, each pass's layers
 * ({@link LayerNodes}), the pipeline transfers between stages, the gradient reduction ({@link GradBuckets}) and the
 * optimizer step.
 *
 * <p>Pipeline transfers, as Megatron-LM makes them: after a forward pass a stage sends the micro-batch's activations
 * to the next stage, after a backward pass the gradients to the previous one. With tensor parallelism each tensor
 * rank sends its 1/tp share (the scatter/gather optimisation; with sequence parallelism the activations are already
 * split), and without sequence parallelism the receiving stage all-gathers the full activations over its tensor
 * group (NVLink). A receive is posted when the pass before it ends (the rank asks for its input when it needs it;
 * a receive after a pass of the other direction runs together with that pass's send, as Megatron's batched
 * send-and-receive pairs of the steady state do, which is what keeps 1F1B free of deadlock; after a pass of the same
 * direction, in warm-up and cool-down, it waits for that send, as Megatron's separate calls do); a pass starts after
 * its input arrived and after the previous pass's send completed (the transfers block, as without Megatron's
 * {@code overlap_p2p_comm}).
 */
final class RankProgram {
    static final int SEND_F = 2;
    static final int RECV_F = 3;
    static final int SEND_B = 4;
    static final int RECV_B = 5;

    private final TrainingConfig c;
    private final RankLayout layout;
    private final int rank;
    private final RankGraphBuilder b;
    private final LayerNodes layers;
    private final GradBuckets buckets;
    private final long[] gradBytes;
    private final long[] paramBytes;
    private final int stage;
    private final int first;
    private final int end;
    private final long p2pBytes;
    /** Node the next pass's first compute waits for besides its input (the last pass's send), or -1. */
    private int lastSend = -1;
    /** The last node of the last pass (compute or a blocking call), or -1. */
    private int last = -1;
    /** The last node of each of the last two layers run, for ZeRO-3's one-layer prefetch. */
    private int layerBack1 = -1;
    private int layerBack2 = -1;
    /** Whether the last pass was a forward (a receive after a pass of the same direction waits for its send). */
    private boolean lastWasForward;

    RankProgram(TrainingConfig c, RankLayout layout, int rank, Routing routing, boolean keepNames) {
        this.c = c;
        this.layout = layout;
        this.rank = rank;
        this.b = new RankGraphBuilder(rank, keepNames);
        ModelShape m = c.model();
        int tp = c.parallel().tp();
        gradBytes = new long[m.layers()];
        paramBytes = new long[m.layers()];
        for (int l = 0; l < m.layers(); l++) {
            long shard = (m.layerParams().get(l) + tp - 1) / tp;
            gradBytes[l] = shard * m.gradDtypeBytes();
            paramBytes[l] = shard * m.dtypeBytes();
        }
        this.layers = new LayerNodes(b, c, layout, rank, routing, paramBytes);
        Parallelism p = c.parallel();
        this.buckets = new GradBuckets(b, layout.dpComm(rank), p.zero(), c.bucketBytes(), p.overlapGradReduce());
        stage = layout.stage(rank);
        first = layout.stageStart[stage];
        end = layout.stageStart[stage + 1];
        p2pBytes = tp > 1 ? m.activationBytes() / tp : m.activationBytes();
    }

    RankGraph build() {
        Parallelism p = c.parallel();
        int[] order = PipelineOrder.of(p.schedule(), stage, p.pp(), p.microBatches());
        int lastBackward = -(p.microBatches());
        for (int op : order) {
            if (op > 0) {
                forwardPass(op - 1);
            } else {
                backwardPass(-op - 1, op == lastBackward);
            }
        }
        int reduced = buckets.finish(last);
        int opt = b.compute(LayerNodes.COMPUTE, c.compute().optimizerPs(), b.keepsNames() ? "optimizer" : null,
                LayerNodes.deps(last, reduced));
        if (p.zero() >= 1 && p.zero() <= 2 && layout.dpComm(rank) >= 0) {
            long total = 0;
            for (int l = first; l < end; l++) {
                total += paramBytes[l];
            }
            int after = opt;
            for (long rest = total; rest > 0; rest -= Math.min(rest, c.bucketBytes())) {
                long n = Math.min(rest, c.bucketBytes());
                after = b.collective(GradBuckets.STREAM, CommKind.DP, Collective.ALLGATHER, layout.dpComm(rank), n, null,
                        b.keepsNames() ? "dp param allgather " + n + " B" : null, after);
            }
        }
        return b.build();
    }

    private void forwardPass(int mb) {
        int in = stage > 0 ? receive(RECV_F, -1, "F", mb, lastWasForward) : -1;
        int after = -1;
        int[] deps = LayerNodes.deps(in, lastSend, last);
        for (int l = first; l < end; l++) {
            int gather = layers.gather(l, name("F", mb, l), layerBack2);
            after = layers.forward(l, mb, deps, gather, "F");
            deps = LayerNodes.deps(after);
            layerDone(after);
        }
        last = after;
        lastWasForward = true;
        lastSend = stage < c.parallel().pp() - 1 ? b.send(SEND_F, CommKind.PP, layout.neighbour(rank, 1), p2pBytes,
                b.keepsNames() ? "send F mb" + mb : null, after) : -1;
    }

    private void backwardPass(int mb, boolean reduce) {
        int in = stage < c.parallel().pp() - 1 ? receive(RECV_B, 1, "B", mb, !lastWasForward) : -1;
        int after = -1;
        int[] deps = LayerNodes.deps(in, lastSend, last);
        boolean recompute = c.compute().recompute();
        for (int l = end - 1; l >= first; l--) {
            if (recompute) {
                int g = layers.gather(l, name("R", mb, l), layerBack2);
                after = layers.forward(l, mb, deps, g, "R");
                deps = LayerNodes.deps(after);
                layerDone(after);
            }
            int gather = recompute ? -1 : layers.gather(l, name("B", mb, l), layerBack2);
            after = layers.backward(l, mb, deps, gather);
            deps = LayerNodes.deps(after);
            layerDone(after);
            if (reduce) {
                buckets.layerDone(gradBytes[l], after);
            }
        }
        last = after;
        lastWasForward = false;
        lastSend = stage > 0 ? b.send(SEND_B, CommKind.PP, layout.neighbour(rank, -1), p2pBytes,
                b.keepsNames() ? "send B mb" + mb : null, after) : -1;
    }

    private String name(String pass, int mb, int l) {
        return b.keepsNames() ? pass + " mb" + mb + " L" + l : null;
    }

    /**
     * The receive of a pass's input from the neighbour in {@code direction}, posted when the previous pass ended,
     * with the tensor group's all-gather of the full activations after it when they arrive split; returns the node
     * the pass waits for.
     */
    private int receive(int stream, int direction, String pass, int mb, boolean sameDirection) {
        String name = b.keepsNames() ? "recv " + pass + " mb" + mb : null;
        int r = b.recv(stream, CommKind.PP, layout.neighbour(rank, direction), p2pBytes, name,
                LayerNodes.deps(last, sameDirection ? lastSend : -1));
        int tpComm = layout.tpComm(rank);
        if (tpComm >= 0 && !c.parallel().sequenceParallel()) {
            r = b.collective(LayerNodes.TP, CommKind.PP, Collective.ALLGATHER, tpComm, c.model().activationBytes(), null,
                    b.keepsNames() ? name + " tp-ag" : null, r);
        }
        return r;
    }

    private void layerDone(int node) {
        layerBack2 = layerBack1;
        layerBack1 = node;
    }
}
