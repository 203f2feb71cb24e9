/**
 * The report's charts as JFreeChart objects, each built from a {@link org.lossless.plots.data.ResultSet}
 * or {@link org.lossless.plots.data.SweepSet} alone and returned as a {@link org.lossless.plots.charts.Figure}
 * (or a figure that says why it was omitted). {@link org.lossless.plots.charts.ChartRender} draws them as SVG
 * (for the HTML page) and as 16:9 PNG (for slides). Every axis label carries its unit; every figure names the
 * metric keys it plots ({@link org.lossless.plots.charts.Figure#axes}).
 */
package org.lossless.plots.charts;
