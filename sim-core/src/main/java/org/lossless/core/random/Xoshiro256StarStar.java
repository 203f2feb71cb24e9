package org.lossless.core.random;

import nl.tudelft.simulation.jstats.streams.StreamInterface;

/**
 * xoshiro256** 1.0 (Blackman and Vigna 2018): 256 bits of state, period 2^256 - 1, about 1 ns
 * per draw, behind DSOL's {@link StreamInterface} so that DSOL distributions can use it. The
 * 64-bit seed is expanded into the state with {@link SplitMix64}, as the authors recommend.
 *
 * <p>Not thread-safe (one stream per component, used on the simulation thread).
 */
public final class Xoshiro256StarStar implements StreamInterface {
    private long s0;
    private long s1;
    private long s2;
    private long s3;
    private long seed;
    private final long originalSeed;

    /** A stream seeded with {@code seed} (any value, zero included). */
    public Xoshiro256StarStar(long seed) {
        this.originalSeed = seed;
        setSeed(seed);
    }

    /** A stream with the given raw state (for checks against the reference implementation). */
    static Xoshiro256StarStar ofState(long a, long b, long c, long d) {
        if ((a | b | c | d) == 0) {
            throw new IllegalArgumentException("xoshiro256** state must not be all zero");
        }
        Xoshiro256StarStar x = new Xoshiro256StarStar(0);
        x.s0 = a;
        x.s1 = b;
        x.s2 = c;
        x.s3 = d;
        return x;
    }

    /** Next 64 random bits. */
    @Override
    public long nextLong() {
        long result = Long.rotateLeft(s1 * 5, 7) * 9;
        long t = s1 << 17;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = Long.rotateLeft(s3, 45);
        return result;
    }

    /** Uniform in [0, 1), multiples of 2^-53. */
    @Override
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** Uniform in [0, 1), multiples of 2^-24. */
    @Override
    public float nextFloat() {
        return (nextLong() >>> 40) * 0x1.0p-24f;
    }

    /** 32 random bits (the high half of a draw: the better bits). */
    @Override
    public int nextInt() {
        return (int) (nextLong() >>> 32);
    }

    @Override
    public boolean nextBoolean() {
        return nextLong() < 0;
    }

    /**
     * Uniform integer in [{@code i}, {@code j}], both inclusive (DSOL's convention), without
     * modulo bias.
     */
    @Override
    public int nextInt(int i, int j) {
        if (j < i) {
            throw new IllegalArgumentException("nextInt(i, j) needs i <= j, got i=" + i + ", j=" + j);
        }
        return (int) (i + nextLong((long) j - i + 1));
    }

    /** Uniform in [0, {@code bound}) without modulo bias; {@code bound} must be positive. */
    public long nextLong(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive, got " + bound);
        }
        long m = bound - 1;
        long r = nextLong() >>> 1;
        if ((bound & m) == 0) {
            return r & m;
        }
        // Reject the top partial block of [0, 2^63) so every residue is equally likely.
        for (long u = r; u - (r = u % bound) + m < 0; u = nextLong() >>> 1) {
            // retry
        }
        return r;
    }

    /** Exponentially distributed with the given mean (inverse transform; never infinite). */
    public double nextExponential(double mean) {
        return -mean * Math.log1p(-nextDouble());
    }

    /** The seed the stream was last (re)started from. */
    @Override
    public long getSeed() {
        return seed;
    }

    /** The seed given at construction. */
    @Override
    public long getOriginalSeed() {
        return originalSeed;
    }

    /** Restarts the stream from {@code seed}. */
    @Override
    public void setSeed(long seed) {
        this.seed = seed;
        SplitMix64 sm = new SplitMix64(seed);
        s0 = sm.next();
        s1 = sm.next();
        s2 = sm.next();
        s3 = sm.next();
    }

    /** Restarts the stream from its current seed (DSOL's semantics of {@code reset}). */
    @Override
    public void reset() {
        setSeed(seed);
    }

    @Override
    public String toString() {
        return "Xoshiro256StarStar[seed=" + seed + "]";
    }
}
