package org.lossless.plots.report;

/**
 * One line of the key-figures table.
 *
 * @param label   what it is, with its unit where it has one
 * @param value   the number, NaN when the run's files do not have it
 * @param shown   the value as written in the table
 * @param better  +1 when higher is better, -1 when lower is better, 0 when neither (for comparisons)
 */
record KeyFigure(String label, double value, String shown, int better) {
}
