/**
 * The switch memory-management unit (MMU): shared-buffer admission, ingress accounting per
 * (port, priority group), egress accounting per (port, queue), pools, thresholds, headroom and the
 * PFC XOFF/XON decisions (reference {@code switch-buffer-pfc.md} §1–§3).
 *
 * <p>Pure bookkeeping: no events, no packets, no allocation per call. A packet-level switch node calls
 * {@link org.lossless.switchmodel.mmu.Mmu#admit} when a frame arrives, {@link org.lossless.switchmodel.mmu.Mmu#release}
 * when it leaves the egress port, and the XOFF/XON queries right after each. Two implementations:
 * {@link org.lossless.switchmodel.mmu.SharedBufferMmu} (SONiC/SAI-style pools, cells, reserved/shared/headroom,
 * lossy egress thresholds) and {@link org.lossless.switchmodel.mmu.Hpcc2019Mmu} (the HPCC ns-3 MMU with its quirks,
 * the {@code hpcc2019} switch profile). Configuration: {@link org.lossless.switchmodel.mmu.MmuConfig} and the
 * records it holds.
 */
package org.lossless.switchmodel.mmu;
