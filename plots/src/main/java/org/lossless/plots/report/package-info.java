/**
 * The design-review report: one self-contained {@code report.html} (charts inline as SVG, styles inline, no
 * script, no network) and {@code charts/*.png} for slides, built from result directories alone
 * ({@link org.lossless.plots.report.Report}): a run, a sweep, or a candidate compared with a baseline. Every
 * chart registers itself in {@code charts/index.json} ({@link org.lossless.plots.report.ChartIndex}) with the
 * metric keys of its axes. A sweep's page answers first ({@link org.lossless.plots.report.BestPoint}).
 */
package org.lossless.plots.report;
