/**
 * Packet-level validation experiments of the NIC and DCQCN (reference validation.md V-04, V-05 with
 * DCQCN, V-06 with DCQCN, go-back-N under loss), asserted against independent expectations: the
 * CoNEXT'16 fluid model's fixed point, max-min fair shares and the reference's tolerances.
 * {@link org.lossless.experiments.validation.PacketHarness} builds the same network as the packet
 * engine and lets a test sample it while it runs ({@link org.lossless.experiments.validation.Probe}).
 */
package org.lossless.experiments.validation;
