package org.lossless.nic.fluid;

/**
 * Sampled output of a fluid run: time (ps), queue (bytes), marking probability of the current
 * queue, and each flow's R_C (bps), one row per sample period.
 */
public final class FluidTrace {
    private final int flows;
    private final long[] timePs;
    private final double[] queueBytes;
    private final double[] markProbability;
    private final double[][] rateBps;
    private int size;

    FluidTrace(int flows, int capacity) {
        this.flows = flows;
        this.timePs = new long[capacity];
        this.queueBytes = new double[capacity];
        this.markProbability = new double[capacity];
        this.rateBps = new double[flows][capacity];
    }

    void add(long t, double q, double p, double[] rates) {
        timePs[size] = t;
        queueBytes[size] = q;
        markProbability[size] = p;
        for (int i = 0; i < flows; i++) {
            rateBps[i][size] = rates[i];
        }
        size++;
    }

    public int flows() {
        return flows;
    }

    public int size() {
        return size;
    }

    public long timePs(int row) {
        return timePs[row];
    }

    public double queueBytes(int row) {
        return queueBytes[row];
    }

    public double markProbability(int row) {
        return markProbability[row];
    }

    public double rateBps(int flow, int row) {
        return rateBps[flow][row];
    }

    /** Mean queue over samples with {@code fromPs <= t < toPs}, bytes. */
    public double meanQueueBytes(long fromPs, long toPs) {
        return mean(queueBytes, fromPs, toPs);
    }

    /** Mean R_C of {@code flow} over samples with {@code fromPs <= t < toPs}, bps. */
    public double meanRateBps(int flow, long fromPs, long toPs) {
        return mean(rateBps[flow], fromPs, toPs);
    }

    private double mean(double[] v, long fromPs, long toPs) {
        double sum = 0;
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (timePs[i] >= fromPs && timePs[i] < toPs) {
                sum += v[i];
                n++;
            }
        }
        if (n == 0) {
            throw new IllegalArgumentException("no samples in [" + fromPs + ", " + toPs + ") ps");
        }
        return sum / n;
    }
}
