/**
 * The packet-level switch: {@link org.lossless.switchmodel.SwitchNode} receives frames, looks up the
 * equal-cost egress ports for the destination, picks one per flow (ECMP) and queues the frame on that
 * port's {@link org.lossless.switchmodel.OutputQueues}, which the port drains by priority.
 */
package org.lossless.switchmodel;
