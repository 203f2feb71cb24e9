package org.lossless.nic.fluid;

/**
 * The fluid model's fixed point (dcqcn.md §5.3), in project units.
 *
 * @param exists         whether a fixed point lies inside the RED region (p* &le; P_max, q* &le; K_max)
 * @param markProbability p*, the exact root (also reported when it exceeds P_max)
 * @param queueBytes     q* = (p* / P_max) (K_max - K_min) + K_min, bytes
 * @param rateBps        R_C* = C/N, bps
 * @param alpha          alpha* = 1 - (1 - p*)^(tau' R)
 * @param taylorMarkProbability the small-p approximation of p*
 * @param taylorQueueBytes      q* from the approximation, bytes
 * @param reason         why there is none ("" when it exists)
 */
public record FixedPoint(boolean exists, double markProbability, double queueBytes, double rateBps, double alpha,
                         double taylorMarkProbability, double taylorQueueBytes, String reason) {
}
