/**
 * Packet-level validation of the switch model against hand computations and reference/validation.md:
 * buffer accounting (ingress = egress = queued bytes, zero after draining), headroom sufficiency in
 * N-to-1 incasts, XOFF/XON timing on a two-switch line, the PFC parking lot (V-05) and the victim
 * flow (V-06). Each run is milliseconds of simulated time on a small fabric.
 */
package org.lossless.experiments.validation;
