package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;

/**
 * How well the calibrated simulator matches one run (bundle).
 *
 * @param heldOut     true for a validation run the fit did not see
 * @param rmsRelative root mean square of the scaled residuals (relative errors, floors applied)
 * @param residuals   per metric
 */
public record RunFit(String run, boolean heldOut, double rmsRelative, List<Residual> residuals) {
    public RunFit {
        residuals = List.copyOf(residuals);
    }

    /** Each bundle of each experiment against the experiment's simulation at {@code at}. */
    static List<RunFit> of(Objective obj, Point at, boolean heldOut) {
        Terms t = obj.terms();
        List<RunFit> out = new ArrayList<>();
        List<Experiment> exps = obj.experiments();
        for (int e = 0; e < exps.size(); e++) {
            List<CalibrationRun> runs = exps.get(e).runs();
            for (int r = 0; r < runs.size(); r++) {
                List<Residual> mine = new ArrayList<>();
                double sum = 0;
                for (int i = 0; i < t.n; i++) {
                    if (t.experiment[i] != e) {
                        continue;
                    }
                    double hw = t.repeats[i][r];
                    double sim = at.m()[i];
                    double scaled = Double.isNaN(sim) ? Objective.MISSING : (sim - hw) / Math.max(Math.abs(hw), Terms.floor(t.metric[i]));
                    mine.add(new Residual(runs.get(r).name(), t.metric[i], sim, hw, scaled));
                    sum += scaled * scaled;
                }
                out.add(new RunFit(runs.get(r).name(), heldOut, mine.isEmpty() ? 0 : Math.sqrt(sum / mine.size()), mine));
            }
        }
        return out;
    }
}
