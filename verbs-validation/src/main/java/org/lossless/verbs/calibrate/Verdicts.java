package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * From the mapped region to each parameter's estimate and verdict. A parameter is {@code not identifiable} when no
 * metric moves with it, when its interval covers 90 % of its range or more, or when it is not pinned to the
 * precision and trades off with another (|correlation| &gt;= {@value #TRADE_OFF}); {@code imprecise} when the
 * interval is finite but wider than the precision (the interval within [value / (1 + P), value x (1 + P)], or
 * for a value of 0 no wider than P of the range); {@code identified} otherwise. Refits from different starts
 * that ended apart within the region are named.
 */
final class Verdicts {
    static final double TRADE_OFF = 0.9;
    static final double WHOLE_RANGE = 0.9;

    private Verdicts() {
    }

    static List<ParameterEstimate> of(List<FitParameter> params, double[] start, Region.Result r, List<Search.Start> starts,
                                      ToCost cost, double precision) {
        List<ParameterEstimate> out = new ArrayList<>();
        int p = params.size();
        for (int j = 0; j < p; j++) {
            FitParameter fp = params.get(j);
            Region.Interval iv = r.intervals()[j];
            double[] q = quantiles(r.argmins(), j);
            double loU = Math.min(iv.low(), q[0]);
            double hiU = Math.max(iv.high(), q[1]);
            double u = r.best().u()[j];
            double value = fp.at(u);
            double low = fp.at(loU);
            double high = fp.at(hiU);
            String verdict;
            List<String> why = new ArrayList<>();
            if (iv.flat()) {
                verdict = ParameterEstimate.NOT_IDENTIFIABLE;
                why.add("no metric of the fitted runs changes with it over its whole range");
                low = fp.min();
                high = fp.max();
            } else if (!iv.complete()) {
                verdict = ParameterEstimate.NOT_MAPPED;
                why.add("the evaluation cap stopped the mapping of its interval (raise --max-evaluations); it is at least"
                        + " this wide");
            } else if (hiU - loU >= WHOLE_RANGE) {
                verdict = ParameterEstimate.NOT_IDENTIFIABLE;
                why.add("anywhere in " + fp.human(low) + " .. " + fp.human(high) + " fits these runs within their noise");
            } else if (precise(fp, value, low, high, precision)) {
                verdict = ParameterEstimate.IDENTIFIED;
            } else {
                verdict = ParameterEstimate.IMPRECISE;
                why.add(String.format(Locale.ROOT, "the runs pin it only to %s .. %s (95 %%), wider than +-%.0f %%", fp.human(low),
                        fp.human(high), 100 * precision));
            }
            String advice = null;
            boolean open = !verdict.equals(ParameterEstimate.IDENTIFIED);
            for (int k = 0; k < p; k++) {
                double rho = r.correlation()[j][k];
                if (k != j && Math.abs(rho) >= TRADE_OFF && open && !iv.flat()) {
                    verdict = ParameterEstimate.NOT_IDENTIFIABLE;
                    why.add(String.format(Locale.ROOT, "it trades off with %s (correlation %+.2f): the runs determine a"
                            + " combination of the two, not each", params.get(k).key(), rho));
                    advice = RunAdvice.separate(fp.key(), params.get(k).key());
                }
            }
            String disagree = disagreement(fp, j, r, starts, cost);
            if (disagree != null) {
                why.add(disagree);
            }
            if (open && advice == null) {
                advice = RunAdvice.forKey(fp.key());
            }
            out.add(new ParameterEstimate(fp.key(), fp.humanUnit(), fp.inHumanUnit(fp.at(start[j])), fp.inHumanUnit(value),
                    fp.inHumanUnit(low), fp.inHumanUnit(high), verdict, verdict.equals(ParameterEstimate.IDENTIFIED),
                    why.isEmpty() ? null : String.join("; ", why), advice));
        }
        return out;
    }

    /** Cost of a point under the current noise model. */
    interface ToCost {
        double of(double[] u);
    }

    static boolean precise(FitParameter fp, double value, double low, double high, double precision) {
        if (value > 0) {
            return low >= value / (1 + precision) && high <= value * (1 + precision);
        }
        return high - low <= precision * (fp.max() - fp.min());
    }

    /** 2.5 % and 97.5 % quantiles of the bootstrap refits' parameter j, in u. */
    private static double[] quantiles(List<double[]> argmins, int j) {
        double[] v = new double[argmins.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = argmins.get(i)[j];
        }
        Percentile pc = new Percentile();
        return new double[] {pc.evaluate(v, 2.5), pc.evaluate(v, 97.5)};
    }

    /** Starts that ended inside the region but apart from the fit in parameter j (by more than 1/16 of its range). */
    private static String disagreement(FitParameter fp, int j, Region.Result r, List<Search.Start> starts, ToCost cost) {
        double cmin = cost.of(r.best().u());
        List<String> ends = new ArrayList<>();
        for (Search.Start s : starts) {
            if (cost.of(s.end()) - cmin <= r.threshold() && Math.abs(s.end()[j] - r.best().u()[j]) > 1.0 / 16) {
                ends.add(fp.human(fp.at(s.end()[j])));
            }
        }
        return ends.isEmpty() ? null : "refits from other starts ended at " + String.join(", ", ends) + ", as good within"
                + " the noise";
    }
}
