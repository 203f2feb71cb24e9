package org.lossless.switchmodel.mmu;

/** Where the XON (resume) level of a lossless priority group sits (reference §3.1). */
public enum XonMode {
    /**
     * Broadcom style: XON when the PG's shared occupancy is at most T − {@code xon_offset}, T being
     * the PG's current threshold (dynamic or static). SONiC TD2 tables use 2,496 B.
     */
    OFFSET,
    /**
     * Mellanox style: XON when the PG's shared occupancy is at most the absolute {@code xon} bytes.
     * If T falls below that level, XOFF and XON fire alternately (chatter): a configuration lint should
     * flag xon &ge; the expected threshold.
     */
    ABSOLUTE
}
