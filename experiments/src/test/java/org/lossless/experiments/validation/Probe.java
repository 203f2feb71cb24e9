package org.lossless.experiments.validation;

import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.nic.Flow;
import org.lossless.switchmodel.OutputQueues;

/**
 * Measures a running packet model with two periodic events, from time 0 to {@code endPs}:
 * <ul>
 * <li>every {@code binPs}, the in-order payload bytes each flow's destination holds, for goodput over
 *     any whole number of bins;</li>
 * <li>every {@code samplePs}, the frame bytes of some egress queues (one priority each), summed per bin
 *     (a sample at time t belongs to bin ⌊t / binPs⌋), for time averages.</li>
 * </ul>
 * The queue sampling period should not be a multiple of a packet time: a saturated 40 Gb/s port
 * sends a 1000 B packet every 200 ns exactly, and samples locked to that clock would always see the
 * queue at the same phase (up to one frame too high or too low). The tests use 2.003 us, which walks
 * through 200 phases of a 200 ns packet clock.
 */
final class Probe {
    /** One queue to watch: an egress port's queues and the priority. */
    record Queue(OutputQueues queues, int priority) {
    }

    private final Scheduler sim;
    private final List<Flow> flows;
    private final List<Queue> queues;
    private final long samplePs;
    private final long binPs;
    private final long endPs;
    private final int bins;
    /** [bin][queue] sum of sampled bytes, and [bin] number of samples. */
    private final long[][] queueSum;
    private final long[] samples;
    /** [bin boundary][flow] received bytes at time boundary·binPs, boundaries 0..bins. */
    private final long[][] received;

    Probe(Scheduler sim, List<Flow> flows, List<Queue> queues, long samplePs, long binPs, long endPs) {
        if (samplePs <= 0 || binPs <= 0 || endPs % binPs != 0) {
            throw new IllegalArgumentException("need samplePs > 0, binPs > 0 and endPs a multiple of binPs");
        }
        this.sim = sim;
        this.flows = List.copyOf(flows);
        this.queues = List.copyOf(queues);
        this.samplePs = samplePs;
        this.binPs = binPs;
        this.endPs = endPs;
        this.bins = (int) (endPs / binPs);
        this.queueSum = new long[bins][queues.size()];
        this.samples = new long[bins];
        this.received = new long[bins + 1][flows.size()];
        sim.schedule(new Boundary(), 0);
        if (!queues.isEmpty()) {
            sim.schedule(new Sample(), 0);
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
        long n = 0;
        for (int i = a; i < b; i++) {
            sum += queueSum[i][q];
            n += samples[i];
        }
        return sum / n;
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

    /** Records received bytes at each bin boundary. */
    private final class Boundary extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            long now = sim.now();
            long[] row = received[(int) (now / binPs)];
            for (int f = 0; f < row.length; f++) {
                row[f] = flows.get(f).receivedBytes();
            }
            if (now < endPs) {
                sim.schedule(this, now + binPs);
            }
        }
    }

    /** Adds the queues' current bytes to the bin of the sample time. */
    private final class Sample extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            long now = sim.now();
            int bin = (int) (now / binPs);
            for (int q = 0; q < queues.size(); q++) {
                Queue w = queues.get(q);
                queueSum[bin][q] += w.queues().queuedBytes(w.priority());
            }
            samples[bin]++;
            if (now + samplePs < endPs) {
                sim.schedule(this, now + samplePs);
            }
        }
    }
}
