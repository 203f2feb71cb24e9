package org.lossless.verbs.calibrate;

/**
 * A fitted parameter, in its human unit ({@link FitParameter#humanUnit()}).
 *
 * @param start        the starting value
 * @param value        the fitted value
 * @param stdError     linearised standard error (Gauss-Newton, from the Jacobian at the optimum and the residual
 *                     variance); null when not identifiable
 * @param low          lower end of the reported range: value - 2 x stdError within the bounds, or the lower
 *                     bound when not identifiable
 * @param high         upper end, likewise
 * @param identifiable false when the runs do not pin it down: moving it over (a large part of) its range
 *                     changes the objective by less than the residual noise
 * @param note         why, in words, or null
 */
public record ParameterEstimate(String key, String unit, double start, double value, Double stdError, double low,
                                double high, boolean identifiable, String note) {
}
