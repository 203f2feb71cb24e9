package org.lossless.verbs.calibrate;

import java.util.List;

/**
 * How well the calibrated simulator matches one run.
 *
 * @param heldOut     true for a validation run the fit did not see
 * @param rmsRelative root mean square of the scaled residuals (relative errors, floors applied)
 * @param residuals   per metric
 */
public record RunFit(String run, boolean heldOut, double rmsRelative, List<Residual> residuals) {
    public RunFit {
        residuals = List.copyOf(residuals);
    }

    static RunFit of(String run, boolean heldOut, List<Residual> all) {
        List<Residual> mine = all.stream().filter(r -> r.run().equals(run)).toList();
        double sum = 0;
        for (Residual r : mine) {
            sum += r.scaled() * r.scaled();
        }
        return new RunFit(run, heldOut, mine.isEmpty() ? 0 : Math.sqrt(sum / mine.size()), mine);
    }
}
