package org.lossless.verbs.calibrate;

import java.util.List;

/**
 * Whether the calibrated model misses something the runs show, and what could absorb it.
 *
 * @param flagged        true when any test below fails: the fitted values then absorb what the model misses
 * @param checked        false when nothing could be tested (noise from the fit's own residuals and no held-out run)
 * @param findings       the failed tests, in words
 * @param fitStatistic   J at the fit over the fitted runs (chi-square with fitDof degrees of freedom when the noise
 *                       is measured), or null with the residual noise model
 * @param fitDof         its degrees of freedom
 * @param fitP           its p-value, or null
 * @param heldStatistic  J of the held-out runs at the fit (chi-square, or with the residual noise model the F ratio
 *                       of their mean square to the fitted runs'), or null without held-out runs
 * @param heldDof        its degrees of freedom (terms of the held-out runs)
 * @param heldP          its p-value, or null
 * @param runs           per run, the mean relative error of its metrics and its standard score
 * @param candidates     unfitted parameters that could explain the misfit, most effective first (only when flagged)
 */
public record Misfit(boolean flagged, boolean checked, List<String> findings, Double fitStatistic, Integer fitDof,
                     Double fitP, Double heldStatistic, Integer heldDof, Double heldP, List<RunBias> runs,
                     List<Candidate> candidates) {
    /** A misfit test fails at this p-value. */
    public static final double ALPHA = 0.001;

    public Misfit {
        findings = List.copyOf(findings);
        runs = List.copyOf(runs);
        candidates = List.copyOf(candidates);
    }

    /**
     * One experiment's residuals.
     *
     * @param meanRelative the common relative error of its informative metrics, (sim - hw) / hw, weighted by their
     *                     noise and correlations (generalised least squares)
     * @param z            its standard score (standard normal when the model is right; |z| &gt; 3.29 fails at
     *                     p = 0.001)
     * @param largestFlow  its largest flow, bytes (0 without flows)
     * @param degree       its incast degree (most flows into one host)
     */
    public record RunBias(String run, boolean heldOut, double meanRelative, double z, long largestFlow, int degree) {
    }

    /**
     * An unfitted parameter that could explain the misfit.
     *
     * @param tried       the value its probe set (the better of two)
     * @param misfitCut   fraction of the misfit (J over fitted and held-out runs) that fitting it too would remove,
     *                    linearised at the fit
     * @param absorbedBy  the fitted parameter whose effect on the metrics most resembles its own, or null
     * @param rho         that resemblance (correlation of the two effects over the fitted runs' metrics)
     */
    public record Candidate(String key, String tried, double misfitCut, String absorbedBy, Double rho) {
    }
}
