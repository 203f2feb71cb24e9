package org.lossless.workloads.training.parametric;

/**
 * How long a layer's compute takes on one GPU for one micro-batch: given ({@code compute: {forward, backward}}),
 * or from the layer's FLOPs, the GPU's peak and an efficiency.
 *
 * <p>FLOPs of a transformer layer's forward pass for one micro-batch (matrix multiplies only): 24·b·s·h² for the
 * QKV, output and MLP projections plus 4·b·s²·h for the attention scores and their use, i.e.
 * 24·b·s·h²·(1 + s/(6h)); the backward pass twice that. Each GPU of a tensor-parallel group does 1/tp of it.
 * Time = FLOPs / (peak x efficiency). A layer's time splits into attention and MLP in the ratio of their FLOPs,
 * (8h + 4s) : 16h. With {@code recompute}, each layer's forward pass runs again just before its backward pass
 * (full activation recomputation).
 *
 * @param forwardPs   forward time of one layer and micro-batch, ps, or -1 when computed from FLOPs
 * @param backwardPs  backward time, ps, or -1 when computed from FLOPs
 * @param gpuFlops    peak FLOP/s of one GPU (dense, at the job's dtype), or 0 when times are given
 * @param efficiency  fraction of the peak the layers achieve, in (0, 1], or 0 when times are given
 * @param recompute   full activation recomputation
 * @param optimizerPs the optimizer step at the end of each iteration, ps (&gt;= 0)
 */
public record ComputeModel(long forwardPs, long backwardPs, double gpuFlops, double efficiency, boolean recompute,
                           long optimizerPs) {
    public ComputeModel {
        boolean given = forwardPs >= 0 || backwardPs >= 0;
        if (given) {
            if (forwardPs < 0 || backwardPs < 0 || gpuFlops != 0 || efficiency != 0) {
                throw new IllegalArgumentException("give either forward and backward times or the GPU's FLOP/s and an "
                        + "efficiency");
            }
        } else if (!(gpuFlops > 0) || Double.isInfinite(gpuFlops) || !(efficiency > 0 && efficiency <= 1)) {
            throw new IllegalArgumentException("the GPU's FLOP/s must be > 0 and the efficiency in (0, 1]");
        }
        if (optimizerPs < 0) {
            throw new IllegalArgumentException("optimizer time must be >= 0 ps");
        }
    }

    /** Whether times come from FLOPs. */
    public boolean fromFlops() {
        return gpuFlops > 0;
    }

    /** Forward FLOPs of one layer and micro-batch on the whole tensor-parallel group. */
    public static double layerForwardFlops(ModelShape m) {
        double b = m.microBatch();
        double s = m.seq();
        double h = m.hidden();
        return 24 * b * s * h * h + 4 * b * s * s * h;
    }

    /** Forward time of one layer and micro-batch on one GPU of a group of {@code tp}, ps. */
    public long forwardPs(ModelShape m, int tp) {
        return fromFlops() ? flopsPs(layerForwardFlops(m) / tp) : forwardPs;
    }

    /** Backward time of one layer and micro-batch on one GPU, ps. */
    public long backwardPs(ModelShape m, int tp) {
        return fromFlops() ? flopsPs(2 * layerForwardFlops(m) / tp) : backwardPs;
    }

    private long flopsPs(double flops) {
        return Math.round(flops / (gpuFlops * efficiency) * 1e12);
    }

    /** The attention part of a layer time {@code ps}: (8h + 4s) / (24h + 4s) of it, rounded; the MLP has the rest. */
    public static long attentionPart(ModelShape m, long ps) {
        double h = m.hidden();
        double s = m.seq();
        return Math.round(ps * (8 * h + 4 * s) / (24 * h + 4 * s));
    }
}
