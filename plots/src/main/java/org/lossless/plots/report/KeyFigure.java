package org.lossless.plots.report;

/**
 * One line of the key-figures table.
 *
 * @param label   what it is, with its unit where it has one
 * @param value   the number, NaN when the run's files do not have it
 * @param shown   the value as written in the table (with its ideal, where it has one)
 * @param better  +1 when higher is better, -1 when lower is better, 0 when neither (for comparisons)
 * @param cost    the simulator's own cost (wall and CPU time, events, heap): shown last, in small print, and never
 *                highlighted in a comparison (it depends on the machine, not on the scenario)
 */
record KeyFigure(String label, double value, String shown, int better, boolean cost) {
    /** A figure of the run, not of its cost. */
    KeyFigure(String label, double value, String shown, int better) {
        this(label, value, shown, better, false);
    }
}
