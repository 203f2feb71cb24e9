package org.lossless.workloads.training.parametric;

import java.util.List;

/**
 * The transformer's sizes, from which every message size follows.
 *
 * @param layers         transformer layers, &gt;= 1
 * @param hidden         hidden size h, &gt;= 1
 * @param seq            sequence length s, &gt;= 1
 * @param microBatch     sequences per micro-batch b, &gt;= 1
 * @param dtypeBytes     bytes per activation and parameter element (2 for bf16/fp16), &gt;= 1
 * @param gradDtypeBytes bytes per gradient element as reduced over the data-parallel group, &gt;= 1
 * @param layerParams    parameters of each layer (whole model, before tensor parallelism), one per layer
 * @param params         the total the user gave ({@code params}), or -1 when given per layer or by default
 * @param experts        experts per MoE layer (0: a dense model)
 * @param topK           experts each token goes to, 1..experts (0 for a dense model)
 * @param moeEvery       every moeEvery-th layer is an MoE layer (layers moeEvery-1, 2·moeEvery-1, ...), &gt;= 1
 * @param skew           routing imbalance: expert e gets weight 1/(e+1)^skew (0 = uniform), when {@code routing}
 *                       is empty
 * @param routing        explicit relative weight of each expert (one per expert), or empty
 */
public record ModelShape(int layers, long hidden, long seq, long microBatch, int dtypeBytes, int gradDtypeBytes,
                         List<Long> layerParams, long params, int experts, int topK, int moeEvery, double skew,
                         List<Double> routing) {
    public ModelShape {
        if (layers < 1 || hidden < 1 || seq < 1 || microBatch < 1 || dtypeBytes < 1 || gradDtypeBytes < 1) {
            throw new IllegalArgumentException("layers, hidden, seq, micro_batch and the dtype sizes must be >= 1");
        }
        layerParams = List.copyOf(layerParams);
        if (layerParams.size() != layers) {
            throw new IllegalArgumentException("one parameter count per layer expected (" + layers + "), got "
                    + layerParams.size());
        }
        if (layerParams.stream().anyMatch(p -> p < 0)) {
            throw new IllegalArgumentException("parameter counts must be >= 0");
        }
        if (experts < 0 || (experts == 0) != (topK == 0) || topK > experts) {
            throw new IllegalArgumentException("top_k must be 1..experts for an MoE model (0 without experts), got top_k "
                    + topK + " with " + experts + " experts");
        }
        if (moeEvery < 1) {
            throw new IllegalArgumentException("moe_every must be >= 1, got " + moeEvery);
        }
        if (!(skew >= 0) || Double.isInfinite(skew)) {
            throw new IllegalArgumentException("routing skew must be a finite number >= 0, got " + skew);
        }
        routing = List.copyOf(routing);
        if (!routing.isEmpty() && routing.size() != experts) {
            throw new IllegalArgumentException("routing needs one weight per expert (" + experts + "), got "
                    + routing.size());
        }
        if (routing.stream().anyMatch(w -> !(w >= 0) || Double.isInfinite(w))
                || !routing.isEmpty() && routing.stream().mapToDouble(Double::doubleValue).sum() <= 0) {
            throw new IllegalArgumentException("routing weights must be finite, >= 0 and not all 0");
        }
    }

    /** A GPT layer's parameters: QKV and output projections 4h² + 4h, MLP 8h² + 5h, two layer norms 4h. */
    public static long gptLayerParams(long h) {
        return 12 * h * h + 13 * h;
    }

    /** {@code total} split over {@code layers}: each gets total / layers, the first (total mod layers) one more. */
    public static List<Long> evenly(long total, int layers) {
        Long[] out = new Long[layers];
        for (int l = 0; l < layers; l++) {
            out[l] = total / layers + (l < total % layers ? 1 : 0);
        }
        return List.of(out);
    }

    /** Whether layer {@code l} (0-based) is an MoE layer. */
    public boolean moe(int l) {
        return experts > 0 && (l + 1) % moeEvery == 0;
    }

    /** Bytes of one micro-batch's activations b x s x h x dtype (a tensor-parallel all-reduce's size). */
    public long activationBytes() {
        return microBatch * seq * hidden * dtypeBytes;
    }

    /** Each expert's routing weight. */
    public double[] expertWeights() {
        double[] w = new double[experts];
        for (int e = 0; e < experts; e++) {
            w[e] = routing.isEmpty() ? Math.pow(e + 1, -skew) : routing.get(e);
        }
        return w;
    }
}
