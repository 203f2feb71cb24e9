package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.lossless.verbs.VerbsException;
import org.lossless.verbs.compare.MetricSet;

/**
 * The terms of the objective, fixed once: every metric that all repeats of an experiment measured, that the
 * first simulation has, and that {@code --metrics} selects. A term's residual is scaled,
 * z = (sim - hw) / max(|hw|, floor), hw being the mean over the repeats; floors keep tiny measured values from
 * dominating: 10 for counts (and IOPS, bytes), 10 µs for durations, 0.01 µs for latencies and times, 0.1 Gb/s
 * for goodput, 0.01 GB/s for busbw and storage bandwidth. A metric a later simulation lacks (an unfinished
 * flow) gets z = {@value Objective#MISSING}.
 */
final class Terms {
    final int n;
    final int[] experiment;
    final String[] metric;
    final String[] kind;
    /** measured mean, and each repeat's value */
    final double[] y;
    final double[][] repeats;
    final double[] scale;

    private Terms(List<Integer> e, List<String> names, List<double[]> reps) {
        n = names.size();
        experiment = e.stream().mapToInt(Integer::intValue).toArray();
        metric = names.toArray(new String[0]);
        kind = new String[n];
        y = new double[n];
        repeats = reps.toArray(new double[0][]);
        scale = new double[n];
        for (int t = 0; t < n; t++) {
            kind[t] = metric[t].substring(metric[t].lastIndexOf('/') + 1);
            double sum = 0;
            for (double v : repeats[t]) {
                sum += v;
            }
            y[t] = sum / repeats[t].length;
            scale[t] = Math.max(Math.abs(y[t]), floor(metric[t]));
        }
    }

    /** The terms of {@code exps} given each experiment's first simulation; refuses an objective without a term. */
    static Terms of(List<Experiment> exps, List<Map<String, Double>> firstSim, MetricFilter filter) {
        List<Integer> e = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<double[]> reps = new ArrayList<>();
        for (int i = 0; i < exps.size(); i++) {
            List<Map<String, Double>> measured = new ArrayList<>();
            exps.get(i).runs().forEach(r -> measured.add(MetricSet.of(r.measured())));
            for (String k : measured.get(0).keySet()) {
                double[] v = new double[measured.size()];
                boolean all = firstSim.get(i).get(k) != null && filter.test(k);
                for (int j = 0; j < v.length && all; j++) {
                    Double x = measured.get(j).get(k);
                    all = x != null;
                    v[j] = all ? x : 0;
                }
                if (all) {
                    e.add(i);
                    names.add(k);
                    reps.add(v);
                }
            }
        }
        if (names.isEmpty()) {
            throw new VerbsException("calibrate: no metric is both measured by the runs and simulated"
                    + (filter.patterns().isEmpty() ? "" : " among those --metrics selects (" + String.join(", ",
                    filter.patterns()) + ")") + ": nothing to fit against");
        }
        return new Terms(e, names, reps);
    }

    /** z of term t for simulated value m (NaN: missing). */
    double z(int t, double m) {
        return Double.isNaN(m) ? Objective.MISSING : (m - y[t]) / scale[t];
    }

    /** Terms whose measured value is not 0 (the residual degrees of freedom count these). */
    int informative() {
        int k = 0;
        for (double v : y) {
            k += v != 0 ? 1 : 0;
        }
        return k;
    }

    /** Kinds of metric that count events: the hardware reads whole numbers of them. */
    static final java.util.Set<String> COUNTS = java.util.Set.of("pause_rx", "pause_tx", "ecn_marked", "cnp_sent",
            "cnp_handled", "retransmission_events", "tx_packets", "drop_packets");

    /**
     * The least variance of term t's z a measurement has: a count is read in whole events, so it carries at least
     * the rounding's (1/2 event)^2 (a standard deviation of half an event); other kinds have none beyond the
     * relative floor.
     */
    double minVariance(int t) {
        return COUNTS.contains(kind[t]) ? 0.25 / (scale[t] * scale[t]) : 0;
    }

    static double floor(String metric) {
        if (metric.endsWith("goodput_bps")) {
            return 1e8;
        } else if (metric.endsWith("duration_us")) {
            return 10;
        } else if (metric.endsWith("_us")) {
            return 0.01;
        } else if (metric.endsWith("_GBps")) {
            return 0.01;
        }
        return 10;
    }
}
