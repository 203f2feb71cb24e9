package org.lossless.workloads.training;

import java.util.Arrays;

/**
 * A training job's checkpoints: after every {@code every}-th iteration, each writing rank writes
 * {@code bytesPerRank} to the storage hosts, striped in chunks (chunk j of the i-th writer goes to server
 * (i + j) mod S), all chunks posted at once; the next iteration starts when the last chunk is acknowledged
 * (a blocking save, as Megatron-LM's default).
 *
 * @param every        iterations between checkpoints, &gt;= 1 (after iterations every-1, 2·every-1, ...)
 * @param writers      job ranks that write (distinct, at least one)
 * @param servers      storage hosts (topology hosts, distinct, at least one)
 * @param bytesPerRank bytes each writer writes, &gt; 0
 * @param chunkBytes   stripe unit, &gt; 0
 */
public record CheckpointPlan(int every, int[] writers, int[] servers, long bytesPerRank, long chunkBytes) {
    public CheckpointPlan {
        writers = writers.clone();
        servers = servers.clone();
        if (every < 1) {
            throw new IllegalArgumentException("checkpoint every must be >= 1 iterations, got " + every);
        }
        if (writers.length == 0 || servers.length == 0) {
            throw new IllegalArgumentException("a checkpoint needs writers and storage servers");
        }
        if (Arrays.stream(writers).distinct().count() != writers.length
                || Arrays.stream(servers).distinct().count() != servers.length) {
            throw new IllegalArgumentException("checkpoint writers and servers must be distinct");
        }
        if (bytesPerRank <= 0 || chunkBytes <= 0) {
            throw new IllegalArgumentException("checkpoint size and chunk must be > 0 bytes");
        }
    }

    @Override
    public int[] writers() {
        return writers.clone();
    }

    @Override
    public int[] servers() {
        return servers.clone();
    }

    /** Whether a checkpoint follows iteration {@code iteration} (0-based). */
    public boolean after(int iteration) {
        return (iteration + 1) % every == 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CheckpointPlan p && p.every == every && Arrays.equals(p.writers, writers)
                && Arrays.equals(p.servers, servers) && p.bytesPerRank == bytesPerRank && p.chunkBytes == chunkBytes;
    }

    @Override
    public int hashCode() {
        return (Arrays.hashCode(writers) * 31 + Arrays.hashCode(servers)) * 31 + Long.hashCode(bytesPerRank) + every;
    }
}
