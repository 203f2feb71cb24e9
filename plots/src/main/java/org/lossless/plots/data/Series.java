package org.lossless.plots.data;

/**
 * A named, downsampled time series.
 *
 * @param name    what it is, e.g. {@code sw0:0/3} or {@code flow 4}
 * @param points  kept samples (times ps)
 * @param samples rows read for it from the file (before downsampling)
 */
public record Series(String name, Downsampler.Points points, long samples) {
}
