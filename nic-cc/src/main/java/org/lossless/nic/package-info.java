/**
 * The RDMA NIC: {@link org.lossless.nic.HostNic} runs queue pairs that segment messages by MTU and
 * pace them at their rate, ACKs what it receives, and records when each {@link org.lossless.nic.Flow}
 * completes (the destination holds the last byte).
 */
package org.lossless.nic;
