package org.lossless.experiments.validation;

import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.nic.Flow;
import org.lossless.switchmodel.OutputQueues;

/**
 * Measures a running packet model with one periodic event (period {@code samplePs}):
 * <ul>
 * <li>the frame bytes of some egress queues (one priority each), summed per bin of {@code binPs}, for
 *     time averages;</li>
 * <li>the in-order payload bytes each flow's destination holds, recorded at every bin boundary, for
 *     goodput over any whole number of bins.</li>
 * </ul>
 * The first sample is at time 0; sample k is at k·samplePs and belongs to bin ⌊k·samplePs / binPs⌋.
 * {@code binPs} must be a multiple of {@code samplePs} so that bin boundaries are sample times.
 */
final class Probe extends SimEvent {
    private static final long serialVersionUID = 1L;

    /** One queue to watch: an egress port's queues and the priority. */
    record Queue(OutputQueues queues, int priority) {
    }

    private final transient Scheduler sim;
    private final transient List<Flow> flows;
    private final transient List<Queue> queues;
    private final long samplePs;
    private final long binPs;
    private final int bins;
    private final int samplesPerBin;
    /** [bin][queue] sum of sampled bytes. */
    private final long[][] queueSum;
    /** [bin boundary][flow] received bytes at time boundary·binPs, boundaries 0..bins. */
    private final long[][] received;
    private long nextSample;

    Probe(Scheduler sim, List<Flow> flows, List<Queue> queues, long samplePs, long binPs, long endPs) {
        if (samplePs <= 0 || binPs % samplePs != 0 || endPs % binPs != 0) {
            throw new IllegalArgumentException("need samplePs > 0, binPs a multiple of it and endPs a multiple of binPs");
        }
        this.sim = sim;
        this.flows = List.copyOf(flows);
        this.queues = List.copyOf(queues);
        this.samplePs = samplePs;
        this.binPs = binPs;
        this.bins = (int) (endPs / binPs);
        this.samplesPerBin = (int) (binPs / samplePs);
        this.queueSum = new long[bins][queues.size()];
        this.received = new long[bins + 1][flows.size()];
        sim.schedule(this, 0);
    }

    @Override
    protected void fire() {
        long now = sim.now();
        long k = now / samplePs;
        if (k % samplesPerBin == 0) {
            long[] row = received[(int) (k / samplesPerBin)];
            for (int f = 0; f < row.length; f++) {
                row[f] = flows.get(f).receivedBytes();
            }
        }
        int bin = (int) (k / samplesPerBin);
        if (bin < bins) {
            for (int q = 0; q < queues.size(); q++) {
                Queue w = queues.get(q);
                queueSum[bin][q] += w.queues().queuedBytes(w.priority());
            }
            nextSample = now + samplePs;
            sim.schedule(this, nextSample);
        }
    }

    /** Goodput of flow {@code f} (index in the probe's list), bps, over [fromPs, toPs) (bin boundaries). */
    double goodputBps(int f, long fromPs, long toPs) {
        int a = boundary(fromPs);
        int b = boundary(toPs);
        return (received[b][f] - received[a][f]) * 8.0 * 1e12 / (toPs - fromPs);
    }

    /** Time-averaged bytes of queue {@code q} over [fromPs, toPs) (bin boundaries). */
    double meanQueueBytes(int q, long fromPs, long toPs) {
        int a = boundary(fromPs);
        int b = boundary(toPs);
        double sum = 0;
        for (int i = a; i < b; i++) {
            sum += queueSum[i][q];
        }
        return sum / ((double) (b - a) * samplesPerBin);
    }

    private int boundary(long ps) {
        if (ps % binPs != 0 || ps < 0 || ps / binPs > bins) {
            throw new IllegalArgumentException(ps + " ps is not a bin boundary (bins of " + binPs + " ps, "
                    + bins + " bins)");
        }
        return (int) (ps / binPs);
    }

    /** Jain's fairness index (Σx)² / (n·Σx²). */
    static double jain(double[] x) {
        double s = 0;
        double s2 = 0;
        for (double v : x) {
            s += v;
            s2 += v * v;
        }
        return s * s / (x.length * s2);
    }
}
