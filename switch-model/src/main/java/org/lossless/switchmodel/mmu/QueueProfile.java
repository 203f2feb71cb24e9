package org.lossless.switchmodel.mmu;

/**
 * Egress profile of one (port, queue): SONiC {@code BUFFER_PROFILE} as used by {@code BUFFER_QUEUE}.
 *
 * @param name          profile name
 * @param pool          name of the egress pool
 * @param reservedBytes guaranteed (min) bytes of the queue, &gt;= 0
 * @param threshold     the queue's limit in the egress pool; enforced for lossy queues only
 * @param lossless      true: the queue is never dropped at egress (back-pressure comes from ingress PFC,
 *                      as with SONiC's large static {@code egress_lossless_profile}); its cells are still
 *                      counted in the pool. false: a packet whose shared part would exceed the threshold
 *                      (or the pool) is dropped
 */
public record QueueProfile(String name, String pool, long reservedBytes, Threshold threshold, boolean lossless) {
    public QueueProfile {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("queue profile name must be non-empty");
        }
        if (pool == null || pool.isBlank()) {
            throw new IllegalArgumentException("queue profile " + name + ": pool must be named");
        }
        if (threshold == null) {
            throw new IllegalArgumentException("queue profile " + name + ": threshold (dynamic_th or static_th) is required");
        }
        if (reservedBytes < 0) {
            throw new IllegalArgumentException("queue profile " + name + ": size (reserved) must be >= 0 bytes, got "
                    + reservedBytes);
        }
    }
}
