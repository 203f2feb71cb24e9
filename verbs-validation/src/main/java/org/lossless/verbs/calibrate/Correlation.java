package org.lossless.verbs.calibrate;

/**
 * How two fitted parameters trade off near the fit: the correlation of the local shape's covariance (+1: the
 * runs see them as one; moving both the same way keeps the fit).
 */
public record Correlation(String a, String b, double rho) {
}
