package org.lossless.workloads.training.parametric;

import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.PairSizes;
import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.RankGraphBuilder;

/**
 * One rank's nodes for one transformer layer and micro-batch, forward or backward, as Megatron-LM puts them on the
 * wire. Each half of the layer (attention, MLP) is a compute node followed, with tensor parallelism, by an
 * all-reduce of the micro-batch's activations b·s·h·dtype over the tensor group (with sequence parallelism: an
 * all-gather before the half and a reduce-scatter after it, the same total). An MoE layer's MLP half is: dispatch
 * all-to-all over the expert group, the experts' compute (proportional to the tokens the rank receives), combine
 * all-to-all. With ZeRO-3, the layer's parameters are all-gathered over the data-parallel group before its forward
 * and its backward, one layer ahead (the gather for layer l may start once the compute two layers back ended).
 * Tensor and expert calls block the compute stream (the next compute waits for them).
 */
final class LayerNodes {
    static final int COMPUTE = 0;
    static final int TP = 1;
    static final int ZERO = 7;
    static final int EP = 8;

    private final RankGraphBuilder b;
    private final ModelShape m;
    private final Parallelism par;
    private final int tpComm;
    private final int dpComm;
    private final int epComm;
    private final long attnF;
    private final long mlpF;
    private final long attnB;
    private final long mlpB;
    private final long expertF;
    private final long expertB;
    private final Routing routing;
    private final long[] gatherBytes;

    LayerNodes(RankGraphBuilder b, TrainingConfig c, RankLayout layout, int rank, Routing routing, long[] gatherBytes) {
        this.b = b;
        this.m = c.model();
        this.par = c.parallel();
        this.tpComm = layout.tpComm(rank);
        this.dpComm = layout.dpComm(rank);
        this.epComm = layout.epComm(rank);
        long f = c.compute().forwardPs(m, par.tp());
        long bw = c.compute().backwardPs(m, par.tp());
        attnF = ComputeModel.attentionPart(m, f);
        mlpF = f - attnF;
        attnB = ComputeModel.attentionPart(m, bw);
        mlpB = bw - attnB;
        this.routing = routing;
        if (routing != null) {
            int j = layout.expertRank(rank);
            double share = (double) routing.tokensAt(j) / routing.tokens();
            expertF = Math.round(mlpF * share);
            expertB = Math.round(mlpB * share);
        } else {
            expertF = 0;
            expertB = 0;
        }
        this.gatherBytes = gatherBytes;
    }

    /**
     * ZeRO-3's all-gather of layer l's parameters before a pass ({@code what}: its label prefix, or null);
     * {@code after}: the compute two layers back, or -1. Returns the node, or -1 when there is none.
     */
    int gather(int l, String what, int after) {
        if (par.zero() < 3 || dpComm < 0 || gatherBytes[l] == 0) {
            return -1;
        }
        return b.collective(ZERO, CommKind.DP, Collective.ALLGATHER, dpComm, gatherBytes[l], null,
                label(what, "zero3-ag"), deps(after));
    }

    /** Layer l's forward for micro-batch mb after node {@code after} (and {@code gather}); returns its last node. */
    int forward(int l, int mb, int[] after, int gather, String tag) {
        String p = b.keepsNames() ? tag + " mb" + mb + " L" + l : null;
        int last = half(attnF, p, "attn", with(after, gather));
        if (m.moe(l) && routing != null) {
            return experts(p, deps(last), expertF, true);
        }
        return half(mlpF, p, "mlp", deps(last));
    }

    /** Layer l's backward for micro-batch mb; returns its last node (its gradients are then complete). */
    int backward(int l, int mb, int[] after, int gather) {
        String p = b.keepsNames() ? "B mb" + mb + " L" + l : null;
        int last = m.moe(l) && routing != null ? experts(p, with(after, gather), expertB, false)
                : half(mlpB, p, "mlp", with(after, gather));
        return half(attnB, p, "attn", deps(last));
    }

    /** A compute half with its tensor-parallel calls; returns the last node. */
    private int half(long ps, String p, String name, int[] after) {
        int[] in = after;
        if (tpComm >= 0 && par.sequenceParallel()) {
            in = deps(tp(Collective.ALLGATHER, label(p, name + " tp-ag"), in));
        }
        int c = b.compute(COMPUTE, ps, label(p, name), in);
        if (tpComm < 0) {
            return c;
        }
        return tp(par.sequenceParallel() ? Collective.REDUCESCATTER : Collective.ALLREDUCE,
                label(p, name + (par.sequenceParallel() ? " tp-rs" : " tp-ar")), deps(c));
    }

    private int tp(Collective coll, String label, int[] after) {
        return b.collective(TP, CommKind.TP, coll, tpComm, m.activationBytes(), null, label, after);
    }

    /** An MoE MLP: dispatch, experts, combine (forward); the same order of calls for the gradients (backward). */
    private int experts(String p, int[] after, long ps, boolean fwd) {
        String dir = fwd ? "" : "grad ";
        int[] tpIn = a2a(routing.dispatch(), routing.dispatchSize(), label(p, dir + "ep-dispatch"), after);
        if (tpComm >= 0 && par.sequenceParallel()) {
            tpIn = deps(tp(Collective.ALLGATHER, label(p, "experts tp-ag"), tpIn));
        }
        int c = b.compute(COMPUTE, ps, label(p, "experts"), tpIn);
        int last = c;
        if (tpComm >= 0) {
            last = tp(par.sequenceParallel() ? Collective.REDUCESCATTER : Collective.ALLREDUCE,
                    label(p, par.sequenceParallel() ? "experts tp-rs" : "experts tp-ar"), deps(c));
        }
        int[] out = a2a(routing.combine(), routing.combineSize(), label(p, dir + "ep-combine"), deps(last));
        return out[0];
    }

    /** An all-to-all after {@code after} (none when nothing crosses ranks); returns what the next node waits for. */
    private int[] a2a(PairSizes pairs, long size, String label, int[] after) {
        if (epComm < 0 || size == 0) {
            return after;
        }
        return deps(b.collective(EP, CommKind.EP, Collective.ALLTOALL, epComm, size, pairs, label, after));
    }

    private String label(String prefix, String what) {
        return prefix == null ? null : prefix + " " + what;
    }

    /** {@code after} plus {@code extra} when it is a node (&gt;= 0). */
    static int[] with(int[] after, int extra) {
        if (extra < 0) {
            return after;
        }
        int[] out = java.util.Arrays.copyOf(after, after.length + 1);
        out[after.length] = extra;
        return out;
    }

    static int[] deps(int... ids) {
        int n = 0;
        for (int i : ids) {
            n += i >= 0 ? 1 : 0;
        }
        int[] out = new int[n];
        int k = 0;
        for (int i : ids) {
            if (i >= 0) {
                out[k++] = i;
            }
        }
        return out;
    }
}
