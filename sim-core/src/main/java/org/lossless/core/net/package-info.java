/**
 * Packets and the wire: frame sizes of the wire formats, RoCEv2 and HPCC's ({@link org.lossless.core.net.WireFormat}), pooled
 * mutable {@link org.lossless.core.net.Packet}s, transmitting ports that serialize one frame at a
 * time ({@link org.lossless.core.net.EgressPort}) and links that carry in-flight frames in a ring with
 * one pending event per busy link ({@link org.lossless.core.net.Link}).
 */
package org.lossless.core.net;
