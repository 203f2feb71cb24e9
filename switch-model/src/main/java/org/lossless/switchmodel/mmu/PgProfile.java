package org.lossless.switchmodel.mmu;

/**
 * Ingress profile of one (port, priority group): SONiC {@code BUFFER_PROFILE} as used by {@code BUFFER_PG}.
 *
 * @param name          profile name (for messages and reports)
 * @param pool          name of the ingress pool the PG's shared cells come from
 * @param reservedBytes guaranteed (min) bytes of the PG, &gt;= 0, always admitted while below it
 * @param threshold     the PG's limit in the shared pool (dynamic or static)
 * @param lossless      true for a PFC-enabled (lossless) PG: it has headroom and sends XOFF/XON;
 *                      false: packets over the threshold are dropped
 * @param headroomBytes lossless only: the PG's headroom cap (SONiC {@code xoff}), &gt;= 0. Without a shared
 *                      headroom pool it is private buffer of this PG; with one, it caps the PG's share of
 *                      that pool
 * @param xonMode       lossless only: how the XON level is defined
 * @param xonBytes      lossless only: the {@code xon_offset} (OFFSET) or absolute {@code xon} (ABSOLUTE), &gt;= 0
 */
public record PgProfile(String name, String pool, long reservedBytes, Threshold threshold, boolean lossless,
                        long headroomBytes, XonMode xonMode, long xonBytes) {
    public PgProfile {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("PG profile name must be non-empty");
        }
        if (pool == null || pool.isBlank()) {
            throw new IllegalArgumentException("PG profile " + name + ": pool must be named");
        }
        if (threshold == null) {
            throw new IllegalArgumentException("PG profile " + name + ": threshold (dynamic_th or static_th) is required");
        }
        if (reservedBytes < 0) {
            throw new IllegalArgumentException("PG profile " + name + ": size (reserved) must be >= 0 bytes, got "
                    + reservedBytes);
        }
        if (headroomBytes < 0 || xonBytes < 0) {
            throw new IllegalArgumentException("PG profile " + name + ": xoff and xon/xon_offset must be >= 0 bytes, got "
                    + headroomBytes + " and " + xonBytes);
        }
        if (!lossless && headroomBytes > 0) {
            throw new IllegalArgumentException("PG profile " + name + ": a lossy PG has no headroom (xoff must be 0), got "
                    + headroomBytes);
        }
        if (xonMode == null) {
            xonMode = XonMode.OFFSET;
        }
    }

    /** A lossy PG profile (no headroom, no PFC). */
    public static PgProfile lossy(String name, String pool, long reservedBytes, Threshold threshold) {
        return new PgProfile(name, pool, reservedBytes, threshold, false, 0, XonMode.OFFSET, 0);
    }

    /** A lossless PG profile with Broadcom-style XON at T − {@code xonOffsetBytes}. */
    public static PgProfile lossless(String name, String pool, long reservedBytes, Threshold threshold,
                                     long headroomBytes, long xonOffsetBytes) {
        return new PgProfile(name, pool, reservedBytes, threshold, true, headroomBytes, XonMode.OFFSET, xonOffsetBytes);
    }
}
