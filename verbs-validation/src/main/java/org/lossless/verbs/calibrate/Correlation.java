package org.lossless.verbs.calibrate;

/**
 * How two fitted parameters trade off near the fit: the correlation of their estimates (near +-1: the runs see
 * only a combination of the two; -1: raising one and lowering the other keeps the fit, as for two delays that add
 * up; +1: moving both the same way does).
 */
public record Correlation(String a, String b, double rho) {
}
