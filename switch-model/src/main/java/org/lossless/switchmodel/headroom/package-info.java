/**
 * PFC headroom sizing (reference {@code switch-buffer-pfc.md} §5): the in-flight components
 * (peer response, cable round trip, MTUs, MAC/PHY, PAUSE frame), the SONiC dynamic model (§5.3), the
 * exact-bytes Cisco/IEEE sum (§5.2), the HPCC rule (§2) and the mlx5 NIC rule (§5.5). Every result
 * keeps its components so the CLI ({@code lossless headroom}) can print them.
 */
package org.lossless.switchmodel.headroom;
