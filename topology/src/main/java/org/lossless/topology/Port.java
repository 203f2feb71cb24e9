package org.lossless.topology;

/**
 * One port of a node: the cable it sits on and what is at the other end.
 *
 * @param node     owning node id
 * @param index    port index at the owning node (0-based, in the order cables were attached)
 * @param peer     node id at the other end
 * @param peerPort port index at the other end
 * @param cable    the cable
 */
public record Port(int node, int index, int peer, int peerPort, Cable cable) {
}
