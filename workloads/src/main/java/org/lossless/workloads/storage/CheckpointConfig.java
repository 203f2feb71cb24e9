package org.lossless.workloads.storage;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.traffic.ConnectionOptions;

import java.util.List;
import java.util.Objects;

/**
 * A checkpoint burst: every rank writes {@code size} to the storage servers at once, striped in
 * chunks over them, once or every {@code periodPs} (docs/workloads.md, "Checkpoint").
 *
 * @param name         job name
 * @param ranks        hosts writing (distinct, at least one)
 * @param servers      storage hosts (distinct, at least one, none of them a rank)
 * @param size         bytes each rank writes per checkpoint
 * @param chunk        stripe unit: rank r sends its chunk j to server (r + j) mod S; every chunk but a shorter last
 *                     one posts this value
 * @param inflight     chunks each rank keeps in flight at most, or {@link #ALL} to post them all at once
 * @param startPs      when the first checkpoint starts, ps
 * @param repeat       checkpoints, &gt;= 1
 * @param periodPs     checkpoint k starts at start + k x period, or when checkpoint k-1 has finished if
 *                     that is later (they never overlap); &gt; 0 when {@code repeat} &gt; 1
 * @param priority     802.1p priority of the job's connections
 * @param dscp DSCP of the job's packets (switches classify them by it), 0..63, or
 *             {@link ConnectionOptions#DSCP_FROM_PRIORITY} for the class selector of its priority (8 x priority)
 */
public record CheckpointConfig(String name, List<Integer> ranks, List<Integer> servers, MessageSize size,
                               MessageSize chunk, int inflight, long startPs, int repeat, long periodPs, int priority,
                               int dscp) {
    /** {@code inflight}: every chunk of a rank posted at once. */
    public static final int ALL = 0;
    /** Stripe unit by default: 1 MiB (Lustre's default stripe size). */
    public static final long DEFAULT_CHUNK = 1L << 20;

    /** A job marked with the default DSCP of its priority (8 x priority). */
    public CheckpointConfig(String name, List<Integer> ranks, List<Integer> servers, MessageSize size,
                               MessageSize chunk, int inflight, long startPs, int repeat, long periodPs, int priority) {
        this(name, ranks, servers, size, chunk, inflight, startPs, repeat, periodPs, priority,
                ConnectionOptions.DSCP_FROM_PRIORITY);
    }

    public CheckpointConfig {
        Objects.requireNonNull(name, "name");
        if (dscp < ConnectionOptions.DSCP_FROM_PRIORITY || dscp > 63) {
            throw new IllegalArgumentException(name + ": dscp must be 0..63, got " + dscp);
        }
        ranks = List.copyOf(ranks);
        servers = List.copyOf(servers);
        NvmeofConfig.checkHosts(name, ranks, servers);
        Objects.requireNonNull(size, "size");
        Objects.requireNonNull(chunk, "chunk");
        if (inflight < 0) {
            throw new IllegalArgumentException(name + ": inflight must be >= 1 (or all), got " + inflight);
        }
        if (startPs < 0 || repeat < 1) {
            throw new IllegalArgumentException(name + ": start must be >= 0 and repeat >= 1");
        }
        if (repeat > 1 && periodPs <= 0) {
            throw new IllegalArgumentException(name + ": repeated checkpoints need a period > 0");
        }
        if (periodPs < 0) {
            throw new IllegalArgumentException(name + ": period must be >= 0");
        }
        if (priority < 0 || priority > 7) {
            throw new IllegalArgumentException(name + ": priority must be 0..7, got " + priority);
        }
    }

    /** Bytes each rank writes per checkpoint, &gt;= 1. */
    public long bytesPerRank() {
        return size.bytes();
    }

    /** Stripe unit, bytes, &gt;= 1. */
    public long chunkBytes() {
        return chunk.bytes();
    }

    /** Chunks per rank per checkpoint: ceil(bytesPerRank / chunkBytes). */
    public long chunksPerRank() {
        return (bytesPerRank() + chunkBytes() - 1) / chunkBytes();
    }

    public int hostCount() {
        return ranks.size() + servers.size();
    }
}
