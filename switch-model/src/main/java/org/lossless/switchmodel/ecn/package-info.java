/**
 * ECN marking at the congestion point (reference {@code dcqcn.md} §1): RED-style probability on the
 * instantaneous egress queue length ({@link org.lossless.switchmodel.ecn.RedParams},
 * {@link org.lossless.switchmodel.ecn.RedMarker}), per-port-speed parameters and the marking point
 * ({@link org.lossless.switchmodel.ecn.EcnConfig}, {@link org.lossless.switchmodel.ecn.MarkPoint}).
 * The caller owns the random streams: a marker takes a uniform draw or a DSOL stream.
 */
package org.lossless.switchmodel.ecn;
