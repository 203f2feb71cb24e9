/**
 * Storage traffic over RDMA: {@link org.lossless.workloads.storage.NvmeofProgram} (NVMe-oF as the Linux
 * nvme-rdma host and nvmet-rdma target move it), {@link org.lossless.workloads.storage.ReplicationProgram}
 * (Ceph-style replicated writes) and {@link org.lossless.workloads.storage.CheckpointProgram} (striped
 * checkpoint bursts), each with a config record validated in its constructor. They report job iterations
 * and per-operation figures ({@link org.lossless.workloads.traffic.OperationStats}).
 *
 * <p>Invariants: an initiator never has more commands (writes, chunks) in flight than its queue depth
 * (outstanding, inflight); an I/O's latency runs from its issue to the initiator seeing it complete; each
 * initiator's I/O sequence comes from its own random stream, so it does not depend on the network.
 *
 * <p>Their scenario keys are read by {@code NvmeofReader}, {@code ReplicationReader} and {@code CheckpointReader} in {@link org.lossless.workloads.spec}.
 */
package org.lossless.workloads.storage;
