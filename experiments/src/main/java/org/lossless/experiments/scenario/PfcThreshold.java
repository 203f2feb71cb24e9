package org.lossless.experiments.scenario;

/** Ingress shared-buffer threshold of a lossless priority group: {@code dynamic_th} or {@code static_th}. */
public sealed interface PfcThreshold permits PfcThreshold.Dynamic, PfcThreshold.Static {
    /**
     * SAI/SONiC dynamic threshold: the PG may use alpha = 2^exponent of the free shared pool.
     *
     * @param exponent -8..7 (-8 means alpha = 0, 7 means unlimited on Mellanox SAI; here simply 2^exponent)
     */
    record Dynamic(int exponent) implements PfcThreshold {
        public Dynamic {
            if (exponent < -8 || exponent > 7) {
                throw new IllegalArgumentException("dynamic_th must be -8..7, got " + exponent);
            }
        }

        /** alpha = 2^exponent. */
        public double alpha() {
            return Math.scalb(1.0, exponent);
        }
    }

    /** A fixed limit of shared buffer per priority group, bytes (&gt; 0). */
    record Static(long bytes) implements PfcThreshold {
        public Static {
            if (bytes <= 0) {
                throw new IllegalArgumentException("static_th must be > 0 bytes, got " + bytes);
            }
        }
    }
}
