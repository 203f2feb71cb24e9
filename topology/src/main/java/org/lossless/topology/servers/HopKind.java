package org.lossless.topology.servers;

/** How a transfer between two GPUs travels ({@link ServerShape#route}). */
public enum HopKind {
    /** Both GPUs in one server with NVLink: over the sending GPU's NVLink. */
    NVLINK,
    /** Both GPUs in one server without NVLink: GPU to GPU over PCIe. */
    PCIE,
    /** GPUs in two servers: from the sending GPU's own NIC over the fabric to the receiving GPU's NIC. */
    NET,
    /**
     * GPUs in two servers on different rails, with PXN: over NVLink to the sending server's GPU with the
     * receiver's local index (so on the receiver's rail), then from that GPU's NIC over the fabric.
     */
    PXN;

    /** Whether the transfer crosses the fabric (it is a message between two NICs). */
    public boolean network() {
        return this == NET || this == PXN;
    }
}
