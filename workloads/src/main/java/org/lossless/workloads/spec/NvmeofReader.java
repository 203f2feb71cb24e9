package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.workloads.storage.IoClass;
import org.lossless.workloads.storage.IoMix;
import org.lossless.workloads.storage.IoOp;
import org.lossless.workloads.storage.NvmeofConfig;
import org.lossless.workloads.yaml.Cursor;

/** Reads a {@code type: nvmeof} workload (docs/scenario.md, "nvmeof"). */
final class NvmeofReader {
    static final String[] KEYS = {"type", "name", "initiators", "targets", "block_size", "read_fraction", "mix",
        "queue_depth", "ios", "duration", "iops", "start", "inline_data", "mdts", "rdma_read_max", "rdma_write_max",
        "device_latency", "spread", "priority", "dscp", "cc"};
    /** {@code block_size}: 128 KiB. */
    static final long DEFAULT_BLOCK = 128 * 1024;
    /** {@code read_fraction}: 0.7. */
    static final double DEFAULT_READ_FRACTION = 0.7;
    /** {@code queue_depth}: 8. */
    static final int DEFAULT_QUEUE_DEPTH = 8;

    private NvmeofReader() {
    }

    static StorageWorkloads.Nvmeof read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(KEYS);
        String name = WorkloadReader.workloadName(w.key("name"), "nvmeof-" + index);
        List<Integer> initiators = HostLists.read(w.key("initiators"), topology, null, "[1, 2, 3] or \"1-32\"");
        List<Integer> targets = HostLists.read(w.key("targets"), topology, null, "[0]");
        HostLists.disjoint(w.key("targets"), initiators, "initiators", targets);
        Map<Long, Double> sizes = null;
        double readFraction = DEFAULT_READ_FRACTION;
        IoMix mix;
        Cursor mixKey = w.key("mix");
        if (mixKey.present()) {
            for (String k : List.of("block_size", "read_fraction")) {
                if (w.key(k).present()) {
                    throw w.key(k).error("give either mix or block_size/read_fraction, not both");
                }
            }
            mix = mix(mixKey);
        } else {
            sizes = blockSizes(w.key("block_size"));
            readFraction = w.key("read_fraction").fraction(DEFAULT_READ_FRACTION);
            double rf = readFraction;
            Map<Long, Double> s = sizes;
            mix = TrafficKeys.build(w.key("block_size"), () -> IoMix.of(s, rf));
        }
        int qd = (int) w.key("queue_depth").integer(DEFAULT_QUEUE_DEPTH, 1, NvmeofConfig.MAX_QUEUE_DEPTH);
        Cursor iosKey = w.key("ios");
        long ios = iosKey.present() ? iosKey.integer(1, Long.MAX_VALUE) : NvmeofConfig.UNLIMITED;
        long duration = TrafficKeys.positiveTimeOrNone(w.key("duration"), "5ms");
        if (ios == NvmeofConfig.UNLIMITED && duration < 0) {
            throw w.key("ios").error("is required unless duration is given: I/Os per initiator (e.g. ios: 1000), or "
                    + "duration: 5ms, or both (whichever ends first)");
        }
        long iops = w.key("iops").integer(0, 0, Long.MAX_VALUE);
        long start = w.key("start").timePs(0);
        long inline = w.key("inline_data").size(NvmeofConfig.DEFAULT_INLINE);
        if (inline > NvmeofConfig.MAX_INLINE) {
            throw w.key("inline_data").error("the Linux target allows at most 16KiB of in-capsule data, got " + inline
                    + " bytes");
        }
        long mdts = w.key("mdts").size(NvmeofConfig.DEFAULT_MDTS);
        if (mdts < 4096) {
            throw w.key("mdts").error("must be at least 4KiB (one page), got " + mdts + " bytes");
        }
        long readMax = TrafficKeys.positiveSize(w.key("rdma_read_max"), NvmeofConfig.DEFAULT_RDMA_OP, "120KiB");
        long writeMax = TrafficKeys.positiveSize(w.key("rdma_write_max"), NvmeofConfig.DEFAULT_RDMA_OP, "120KiB");
        long device = w.key("device_latency").timePs(0);
        NvmeofConfig.Spread spread = w.key("spread").choice(NvmeofConfig.Spread.class, NvmeofConfig.Spread.STRIPE);
        int priority = TrafficKeys.priority(w.key("priority"), defaultPriority);
        int dscp = WorkloadReader.dscp(w.key("dscp"), priority);
        NvmeofConfig cfg = TrafficKeys.build(w, () -> new NvmeofConfig(name, initiators, targets, mix, qd, ios, duration,
                iops, start, inline, mdts, readMax, writeMax, device, spread, priority, dscp));
        return new StorageWorkloads.Nvmeof(cfg, sizes, readFraction);
    }

    /** {@code block_size}: one size, or a mapping of sizes to relative weights ({@code {4KiB: 3, 128KiB: 1}}). */
    private static Map<Long, Double> blockSizes(Cursor c) {
        Map<Long, Double> out = new LinkedHashMap<>();
        if (!c.present()) {
            out.put(DEFAULT_BLOCK, 1.0);
            return out;
        }
        if (c.isScalar()) {
            out.put(TrafficKeys.positiveSize(c, -1, "128KiB"), 1.0);
            return out;
        }
        List<String> keys = c.keys("a size such as 128KiB, or a mapping of sizes to weights such as {4KiB: 0.7, 128KiB: 0.3}");
        if (keys.isEmpty()) {
            throw c.error("needs at least one size");
        }
        for (String k : keys) {
            Cursor item = c.key(k);
            long size;
            try {
                size = org.lossless.core.units.Units.parseSize(k);
            } catch (IllegalArgumentException e) {
                throw item.error("'" + k + "' is not a size: " + e.getMessage());
            }
            if (size <= 0) {
                throw item.error("sizes must be > 0 bytes");
            }
            if (out.put(size, TrafficKeys.positiveNumber(item, "a weight")) != null) {
                throw item.error("size " + k + " is listed twice");
            }
        }
        return out;
    }

    /** {@code mix}: a list of {op: read|write, size, weight}. */
    private static IoMix mix(Cursor c) {
        List<Cursor> items = c.list();
        if (items.isEmpty()) {
            throw c.error("needs at least one entry {op: read, size: 4KiB, weight: 1}");
        }
        List<IoClass> classes = new ArrayList<>();
        for (Cursor item : items) {
            if (!item.present() || item.isScalar() || item.isList()) {
                throw item.error("expected {op: read|write, size: 4KiB, weight: 1}, got " + item.describe());
            }
            item.object("op", "size", "weight");
            if (!item.key("op").present()) {
                throw item.key("op").error("is required (read or write)");
            }
            IoOp op = item.key("op").choice(IoOp.class);
            long size = TrafficKeys.positiveSize(item.key("size"), -1, "4KiB");
            double weight = item.key("weight").present() ? TrafficKeys.positiveNumber(item.key("weight"), "a weight") : 1;
            classes.add(new IoClass(op, size, weight));
        }
        return new IoMix(classes);
    }
}
