/**
 * Reading result directories for charts and reports, from the files alone (never from a live run):
 * {@link org.lossless.plots.data.ResultSet} over a run directory's summary.json and CSV files,
 * {@link org.lossless.plots.data.SweepSet} over a sweep directory (with the figures
 * {@link org.lossless.plots.data.RunFigures} derives from each run and the study/cost split of
 * {@link org.lossless.plots.data.SweepMetrics}; truncated runs are known and their slowdowns read censored).
 * Large time series are streamed row by row and reduced while reading ({@link org.lossless.plots.data.Downsampler}: the minimum and maximum of
 * every pixel column), so a report of a 1,000-host run never holds more than a few thousand points per
 * series. Absent files and columns are tolerated: readers return empty results and the report says so.
 */
package org.lossless.plots.data;
