package org.lossless.switchmodel.mmu;

/**
 * One buffer pool (SONiC {@code BUFFER_POOL}).
 *
 * @param name              pool name, e.g. {@code ingress_lossless_pool}; unique in a config
 * @param ingress           true for an ingress pool (PGs charge it), false for an egress pool (queues)
 * @param sizeBytes         the pool's <b>shared</b> area in bytes (what dynamic thresholds divide), &gt;= 0
 * @param headroomPoolBytes size of the shared headroom pool (SONiC {@code BUFFER_POOL.xoff}) in bytes;
 *                          0 = no shared headroom pool: each lossless PG of this pool owns private
 *                          headroom of its {@code headroomBytes}. Ingress pools only.
 */
public record PoolConfig(String name, boolean ingress, long sizeBytes, long headroomPoolBytes) {
    public PoolConfig {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("pool name must be non-empty");
        }
        if (sizeBytes < 0) {
            throw new IllegalArgumentException("pool " + name + ": size must be >= 0 bytes, got " + sizeBytes);
        }
        if (headroomPoolBytes < 0) {
            throw new IllegalArgumentException("pool " + name + ": headroom pool (xoff) must be >= 0 bytes, got "
                    + headroomPoolBytes);
        }
        if (!ingress && headroomPoolBytes > 0) {
            throw new IllegalArgumentException("pool " + name + ": a shared headroom pool (xoff) is allowed on "
                    + "ingress pools only");
        }
    }

    public static PoolConfig ingress(String name, long sizeBytes) {
        return new PoolConfig(name, true, sizeBytes, 0);
    }

    public static PoolConfig ingress(String name, long sizeBytes, long headroomPoolBytes) {
        return new PoolConfig(name, true, sizeBytes, headroomPoolBytes);
    }

    public static PoolConfig egress(String name, long sizeBytes) {
        return new PoolConfig(name, false, sizeBytes, 0);
    }

    /** Whether lossless PGs of this pool draw headroom from a shared headroom pool. */
    public boolean sharedHeadroom() {
        return headroomPoolBytes > 0;
    }
}
