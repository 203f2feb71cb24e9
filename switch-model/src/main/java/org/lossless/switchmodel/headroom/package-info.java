/**
 * PFC headroom sizing (reference {@code switch-buffer-pfc.md} §5): the in-flight components
 * (peer response, cable round trip, MTUs, MAC/PHY, PAUSE frame), the SONiC dynamic model (§5.3), the
 * exact-bytes Cisco/IEEE sum (§5.2), the HPCC rule (§2) and the mlx5 NIC rule (§5.5). Every result
 * keeps its components so the CLI ({@code lossless headroom}) can print them. {@link
 * org.lossless.switchmodel.headroom.PortHeadroom} is the one function the simulator sizes a port's headroom
 * with ({@code headroom: auto}, the headroom warning, {@code lossless headroom --model run}); {@link
 * org.lossless.switchmodel.headroom.PeerResponse} also gives the default PFC response time of every port.
 */
package org.lossless.switchmodel.headroom;
