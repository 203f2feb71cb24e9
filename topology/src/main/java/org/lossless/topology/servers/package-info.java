/**
 * GPU servers on a fabric: what a host of the topology is when the hosts are NICs of multi-GPU servers.
 *
 * <p>A {@link org.lossless.topology.servers.ServerShape} says how many GPUs and NICs every server has and what
 * joins them inside the server (NVLink between GPUs, PCIe between a GPU and its NIC). GPUs are numbered
 * server by server ({@code gpu = server x gpus + local GPU}); the NICs of server {@code s} are the consecutive
 * hosts {@code s x nics .. s x nics + nics - 1}, and NIC {@code j} of a server serves its GPUs
 * {@code j x gpus/nics .. (j+1) x gpus/nics - 1}. {@link org.lossless.topology.servers.ServerShape#place(int)}
 * gives a GPU's server, local index and NIC; {@link org.lossless.topology.servers.ServerShape#route} the hops a
 * transfer between two GPUs takes ({@link org.lossless.topology.servers.HopKind}: NVLink or PCIe inside a
 * server, the network from the GPU's own NIC, or PXN: NVLink to the sending server's GPU on the receiver's rail,
 * then its NIC). {@link org.lossless.topology.servers.ServerPlacement} checks that a shape fits a topology type
 * (a server's NICs never straddle two edge switches, except one NIC per rail on {@code rail-optimized});
 * {@link org.lossless.topology.servers.ServerTiers} counts servers, GPUs and NICs below the switches of each tier.
 *
 * <p>The graph itself is unchanged: hosts are NICs, and what happens inside a server (NVLink, PCIe) is modelled
 * by the workloads that use these links, at message level.
 */
package org.lossless.topology.servers;
