package org.lossless.verbs.calibrate;

/**
 * A fitted parameter, in its human unit ({@link FitParameter#humanUnit()}).
 *
 * @param start        the starting value
 * @param value        the fitted value (the lowest-cost point evaluated)
 * @param low          lower end of the 95 % interval (the bootstrap-calibrated confidence region projected on
 *                     this parameter, together with the bootstrap refits' 2.5 % quantile); the lower bound when
 *                     not identifiable
 * @param high         upper end, likewise
 * @param verdict      {@code identified} (the interval lies within the precision asked of the value),
 *                     {@code imprecise} (a finite interval wider than that), {@code not identifiable} (the runs do
 *                     not pin it: no metric moves with it, or it fits anywhere over most of its range, or it trades
 *                     off with another parameter) or {@code not mapped} (the evaluation cap stopped the mapping)
 * @param identifiable true for {@code identified}
 * @param note         why, in words, or null
 * @param runsToAdd    for a parameter not identified: which runs would pin it (tool, sizes, incast degree), or null
 */
public record ParameterEstimate(String key, String unit, double start, double value, double low, double high,
                                String verdict, boolean identifiable, String note, String runsToAdd) {
    public static final String IDENTIFIED = "identified";
    public static final String IMPRECISE = "imprecise";
    public static final String NOT_IDENTIFIABLE = "not identifiable";
    public static final String NOT_MAPPED = "not mapped";

    /** True when the 95 % interval holds {@code v} (in the human unit). */
    public boolean covers(double v) {
        return low <= v && v <= high;
    }
}
