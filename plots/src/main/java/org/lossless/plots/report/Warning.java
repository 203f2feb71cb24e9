package org.lossless.plots.report;

/**
 * A finding the report shows above the charts.
 *
 * @param severe true for results that are wrong or partial for a lossless fabric (drops on a lossless
 *               priority, deadlock, unfinished or truncated work); false for advice
 * @param title  short heading
 * @param detail the evidence: counts, ports, what to change
 */
record Warning(boolean severe, String title, String detail) {
}
