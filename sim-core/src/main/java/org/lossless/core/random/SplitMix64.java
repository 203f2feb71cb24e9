package org.lossless.core.random;

/**
 * SplitMix64 (Steele, Lea and Flood 2014; the generator behind {@link java.util.SplittableRandom}):
 * a 64-bit counter advanced by the golden gamma and passed through a bijective mixing function.
 * Used to expand seeds and to hash seed material; not as a stream itself.
 */
public final class SplitMix64 {
    /** 2^64 / golden ratio, odd: the counter increment. */
    public static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;
    private long state;

    /** A generator whose first output is {@code mix64(seed + GOLDEN_GAMMA)}. */
    public SplitMix64(long seed) {
        this.state = seed;
    }

    /** Next 64 random bits. */
    public long next() {
        state += GOLDEN_GAMMA;
        return mix64(state);
    }

    /** Stafford's variant 13 finalizer: a bijection on 64-bit values with full avalanche. */
    public static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
