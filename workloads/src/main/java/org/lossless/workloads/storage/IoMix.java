package org.lossless.workloads.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.lossless.core.random.Xoshiro256StarStar;

/**
 * The I/Os a storage job issues: a list of {@link IoClass}es drawn independently per I/O with
 * probability weight / total weight (one uniform draw per I/O, classes in list order).
 */
public record IoMix(List<IoClass> classes) {
    public IoMix {
        classes = List.copyOf(classes);
        if (classes.isEmpty()) {
            throw new IllegalArgumentException("an I/O mix needs at least one class");
        }
    }

    /**
     * fio's {@code bssplit} with {@code rwmixread}: sizes with their weights (in the order given), each
     * split into reads ({@code readFraction}) and writes (the rest); classes of weight 0 are left out.
     */
    public static IoMix of(Map<Long, Double> sizeWeights, double readFraction) {
        if (!(readFraction >= 0 && readFraction <= 1)) {
            throw new IllegalArgumentException("read fraction must be in [0, 1], got " + readFraction);
        }
        List<IoClass> out = new ArrayList<>();
        for (Map.Entry<Long, Double> e : sizeWeights.entrySet()) {
            if (readFraction > 0) {
                out.add(new IoClass(IoOp.READ, e.getKey(), e.getValue() * readFraction));
            }
            if (readFraction < 1) {
                out.add(new IoClass(IoOp.WRITE, e.getKey(), e.getValue() * (1 - readFraction)));
            }
        }
        return new IoMix(out);
    }

    /** One size, a fraction of reads. */
    public static IoMix of(long sizeBytes, double readFraction) {
        return of(Map.of(sizeBytes, 1.0), readFraction);
    }

    /** Draws a class with one uniform number from {@code rng}. */
    public IoClass draw(Xoshiro256StarStar rng) {
        double total = 0;
        for (IoClass c : classes) {
            total += c.weight();
        }
        double u = rng.nextDouble() * total;
        for (IoClass c : classes) {
            u -= c.weight();
            if (u < 0) {
                return c;
            }
        }
        return classes.get(classes.size() - 1);
    }

    /** Probability of a class, its weight over the total. */
    public double probability(IoClass c) {
        double total = 0;
        for (IoClass k : classes) {
            total += k.weight();
        }
        return c.weight() / total;
    }
}
