/**
 * Packet-level validation against hand computations and reference/validation.md.
 *
 * <p>Switch model: buffer accounting (ingress = egress = queued bytes, zero after draining), headroom
 * sufficiency in N-to-1 incasts, XOFF/XON timing on a two-switch line, the PFC parking lot (V-05) and
 * the victim flow (V-06). NIC and DCQCN: N flows into one port against the CoNEXT'16 fluid model's
 * fixed point (V-04), the parking lot and victim flow with DCQCN, go-back-N under loss, and RTT
 * fairness between a 2 us and a 1.77 ms flow (V-07, published target not met: see its javadoc). Each
 * run is milliseconds of simulated time on a small fabric.
 */
package org.lossless.experiments.validation;
