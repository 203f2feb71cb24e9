package org.lossless.workloads.spec;

import java.util.Arrays;

import org.lossless.core.net.MessageSize;
import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.workloads.storage.CheckpointConfig;
import org.lossless.workloads.storage.NvmeofConfig;
import org.lossless.workloads.storage.ReplicationConfig;
import org.lossless.workloads.yaml.Cursor;

/**
 * The schemas of the storage workload types ({@code nvmeof}, {@code replication}, {@code checkpoint}): every key's
 * name, type, range, default and doc line in the order the readers, the unknown-key messages and docs/scenario.md
 * list them. Host lists, the I/O mix and the counts that may exceed an {@code int} are {@link Key#custom} rows
 * their readers read themselves.
 */
public final class StorageSchema {
    private static final String HOSTS_TYPE = "host list";
    private static final String REQUIRED = "**required**";

    public static final Section NVMEOF = Section.of("workloads.nvmeof", TrafficSchema.keys(null,
            TrafficSchema.type("nvmeof"), TrafficSchema.name("nvmeof"),
            Key.custom("initiators", HOSTS_TYPE, REQUIRED, "hosts issuing I/O"),
            Key.custom("targets", HOSTS_TYPE, REQUIRED, "hosts serving it; none may be an initiator"),
            Key.custom("block_size", "size, or a mapping size → weight", "`128KiB`", "I/O size; a mapping "
                    + "(`{4KiB: 3, 128KiB: 1}`) draws each I/O's size with probability weight / sum (fio `bssplit`)"),
            Key.fraction("read_fraction", NvmeofReader.DEFAULT_READ_FRACTION, "share of reads, drawn per I/O "
                    + "independently of the size (fio `rwmixread`)"),
            Key.custom("mix", "list of `{op: read\\|write, size, weight}`", "–", "instead of "
                    + "`block_size`/`read_fraction`: each I/O is one entry, drawn with probability weight / sum "
                    + "(`weight` default 1)"),
            Key.integer("queue_depth", 1, NvmeofConfig.MAX_QUEUE_DEPTH, NvmeofReader.DEFAULT_QUEUE_DEPTH, "NVMe "
                    + "commands each initiator keeps outstanding at most; a new one is sent only when one completes"),
            Key.custom("ios", "integer ≥ 1", "–", "I/Os per initiator"),
            TrafficSchema.positiveTime("duration", "5ms", "no I/O is issued at or after `start` + `duration`; at "
                    + "least one of `ios` and `duration` is required (both: whichever ends first)").defaultDoc("–"),
            Key.custom("iops", "integer ≥ 0", "`0`", "I/Os per second per initiator, evenly spaced (fio "
                    + "`rate_iops`), still at most `queue_depth` outstanding (an I/O waits for a slot); 0 = closed loop"),
            TrafficSchema.start("when the initiators begin"),
            Key.size("inline_data", NvmeofConfig.DEFAULT_INLINE, "in-capsule data limit, at most 16KiB: a write of at "
                    + "most this size travels inside its command capsule (Linux target default 4 KiB, maximum 16 KiB); "
                    + "0 = never"),
            Key.size("mdts", NvmeofConfig.DEFAULT_MDTS, "largest transfer of one command, at least 4KiB; a larger I/O "
                    + "is split into several commands, each taking a queue slot"),
            TrafficSchema.positiveSize("rdma_read_max", NvmeofConfig.DEFAULT_RDMA_OP, "120KiB", "largest RDMA READ the "
                    + "target posts to fetch write data (30 pages of 4 KiB, mlx5); `1MiB` models a device that "
                    + "registers memory for large READs"),
            TrafficSchema.positiveSize("rdma_write_max", NvmeofConfig.DEFAULT_RDMA_OP, "120KiB", "largest RDMA WRITE "
                    + "the target posts to return read data"),
            Key.time("device_latency", 0L, "time the target's storage takes per command (read: before the data goes "
                    + "back; write: after the data arrived); 0 = a memory-backed target"),
            Key.choice("spread", Arrays.stream(NvmeofConfig.Spread.values()).map(Cursor::yamlName).toList(),
                    Cursor.yamlName(NvmeofConfig.Spread.STRIPE), "`stripe`: initiator i sends its k-th I/O to target "
                    + "(i + k) mod T (a volume striped over the targets); `pinned`: initiator i uses only target i "
                    + "mod T")));

    public static final Section REPLICATION = Section.of("workloads.replication", TrafficSchema.keys(null,
            TrafficSchema.type("replication"), TrafficSchema.name("replication"),
            Key.custom("clients", HOSTS_TYPE, REQUIRED, "hosts writing objects"),
            Key.custom("osds", HOSTS_TYPE, REQUIRED, "storage hosts (OSDs); none may be a client"),
            Key.custom("replicas", "integer 1..number of OSDs", "`" + ReplicationConfig.DEFAULT_REPLICAS
                    + "` (fewer OSDs: their number)", "copies per object (pool size): a primary and `replicas` − 1 "
                    + "secondaries, drawn per write"),
            TrafficSchema.positiveSize("object_size", ReplicationConfig.DEFAULT_OBJECT, "4MiB",
                    "bytes per write (RBD object size)"),
            Key.integer("outstanding", 1, Integer.MAX_VALUE, 1, "writes each client keeps in flight (closed loop)"),
            Key.custom("writes", "integer ≥ 1", "–", "writes per client"),
            TrafficSchema.positiveTime("duration", "5ms", "no write is issued at or after `start` + `duration`; at "
                    + "least one of `writes` and `duration` is required").defaultDoc("–"),
            Key.custom("rate", "integer ≥ 0", "`0`", "writes per second per client, evenly spaced, still at most "
                    + "`outstanding` in flight; 0 = closed loop"),
            TrafficSchema.start("when the clients begin"),
            Key.time("osd_latency", 0L, "time an OSD takes to make a received copy durable before acknowledging"),
            TrafficSchema.positiveSize("ack_size", ReplicationConfig.DEFAULT_ACK, "64B", "size of each "
                    + "acknowledgement (replica → primary, primary → client)")));

    public static final Section CHECKPOINT = Section.of("workloads.checkpoint", TrafficSchema.keys(null,
            TrafficSchema.type("checkpoint"), TrafficSchema.name("checkpoint"),
            Key.custom("ranks", HOSTS_TYPE, "`all` (every host that is not a server)", "hosts writing a checkpoint"),
            Key.custom("servers", HOSTS_TYPE, REQUIRED, "storage hosts"),
            TrafficSchema.positiveSize("size", null, "1GB", "bytes each rank writes per checkpoint")
                    .defaultDoc(REQUIRED).required(" (a size such as 1GB)"),
            TrafficSchema.positiveSize("chunk", CheckpointConfig.DEFAULT_CHUNK, "1MiB", "stripe unit: rank r's chunk "
                    + "j goes to server (r + j) mod S"),
            Key.custom("inflight", "`all` or integer ≥ 1", "`all`", "chunks each rank keeps in flight; `all` posts "
                    + "every chunk at the start"),
            TrafficSchema.start("when the first checkpoint starts"),
            Key.integer("repeat", 1, Integer.MAX_VALUE, 1, "checkpoints"),
            TrafficSchema.positiveTime("period", "100ms", "checkpoint k starts at `start` + k × `period`, or when "
                    + "checkpoint k − 1 ends if that is later").defaultDoc("– (required when `repeat` > 1)")));

    private StorageSchema() {
    }

    /** {@code w}'s resolved plain keys ({@code read_fraction} only when the mix was given as block sizes). */
    public static Values values(StorageWorkloads.Nvmeof w) {
        NvmeofConfig c = w.config();
        return TrafficSchema.values(NVMEOF, "read_fraction", w.blockSizes() != null ? w.readFraction() : null,
                "queue_depth", c.queueDepth(), "duration", unlimited(c.durationPs()), "start", c.startPs(),
                "inline_data", c.inlineBytes(), "mdts", c.mdtsBytes(), "rdma_read_max", c.rdmaReadMaxBytes(),
                "rdma_write_max", c.rdmaWriteMaxBytes(), "device_latency", c.deviceLatencyPs(),
                "spread", Cursor.yamlName(c.spread()), "priority", c.priority(), "dscp", c.dscp());
    }

    /** {@code c}'s resolved plain keys. */
    public static Values values(ReplicationConfig c) {
        return TrafficSchema.values(REPLICATION, "object_size", c.objectBytes(), "outstanding", c.outstanding(),
                "duration", unlimited(c.durationPs()), "start", c.startPs(), "osd_latency", c.osdLatencyPs(),
                "ack_size", c.ackBytes(), "priority", c.priority(), "dscp", c.dscp());
    }

    /**
     * A {@code checkpoint} job's {@code size} or {@code chunk} ({@code key}) from its section's {@code v}alues, read
     * (&gt; 0 B, with the key's messages): the value its record holds, made once, here.
     */
    static MessageSize checkpointSize(Values v, String key) {
        return MessageSize.of(v.number(key));
    }

    /** {@code c}'s resolved plain keys ({@code period} only when there is one). */
    public static Values values(CheckpointConfig c) {
        return TrafficSchema.values(CHECKPOINT, "size", c.bytesPerRank(), "chunk", c.chunkBytes(), "start",
                c.startPs(), "repeat", c.repeat(), "period", c.periodPs() > 0 ? c.periodPs() : null,
                "priority", c.priority(), "dscp", c.dscp());
    }

    private static Long unlimited(long v) {
        return v == NvmeofConfig.UNLIMITED ? null : v;
    }
}
