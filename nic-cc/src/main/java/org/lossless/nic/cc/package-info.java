/**
 * The congestion-control seam of the NIC: {@link org.lossless.nic.cc.CongestionControl} (sender side of one
 * QP: rate, window, reactions to ACKs, notifications and RTT samples, lazily evaluated timers) and
 * {@link org.lossless.nic.cc.CongestionEcho} (receiver side: what to echo), made per QP by a
 * {@link org.lossless.nic.cc.CcAlgorithm}. DCQCN ({@code org.lossless.nic.dcqcn}) and
 * {@link org.lossless.nic.cc.NoCongestionControl} implement it; the NIC knows no algorithm by name.
 */
package org.lossless.nic.cc;
