package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.settings.Values;
import org.lossless.workloads.storage.IoClass;
import org.lossless.workloads.storage.IoMix;
import org.lossless.workloads.storage.IoOp;
import org.lossless.workloads.storage.NvmeofConfig;
import org.lossless.workloads.yaml.Cursor;

/** Reads a {@code type: nvmeof} workload (docs/scenario.md, "nvmeof"). */
final class NvmeofReader {
    static final String[] KEYS = StorageSchema.NVMEOF.names();
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
        Cursor mixKey = w.key("mix");
        if (mixKey.present()) {
            for (String k : List.of("block_size", "read_fraction")) {
                if (w.key(k).present()) {
                    throw w.key(k).error("give either mix or block_size/read_fraction, not both");
                }
            }
        }
        Values v = TrafficSchema.read(w, StorageSchema.NVMEOF);
        Map<Long, Double> sizes = null;
        double readFraction = DEFAULT_READ_FRACTION;
        IoMix mix;
        if (mixKey.present()) {
            mix = mix(mixKey);
        } else {
            sizes = blockSizes(w.key("block_size"));
            readFraction = v.fraction("read_fraction");
            double rf = readFraction;
            Map<Long, Double> s = sizes;
            mix = TrafficKeys.build(w.key("block_size"), () -> IoMix.of(s, rf));
        }
        int qd = v.integer("queue_depth");
        Cursor iosKey = w.key("ios");
        long ios = iosKey.present() ? iosKey.integer(1, Long.MAX_VALUE) : NvmeofConfig.UNLIMITED;
        long duration = v.has("duration") ? v.number("duration") : NvmeofConfig.UNLIMITED;
        if (ios == NvmeofConfig.UNLIMITED && duration < 0) {
            throw w.key("ios").error("is required unless duration is given: I/Os per initiator (e.g. ios: 1000), or "
                    + "duration: 5ms, or both (whichever ends first)");
        }
        long iops = w.key("iops").integer(0, 0, Long.MAX_VALUE);
        long start = v.number("start");
        long inline = v.number("inline_data");
        if (inline > NvmeofConfig.MAX_INLINE) {
            throw w.key("inline_data").error("the Linux target allows at most 16KiB of in-capsule data, got " + inline
                    + " bytes");
        }
        long mdts = v.number("mdts");
        if (mdts < 4096) {
            throw w.key("mdts").error("must be at least 4KiB (one page), got " + mdts + " bytes");
        }
        long readMax = v.number("rdma_read_max");
        long writeMax = v.number("rdma_write_max");
        long device = v.number("device_latency");
        NvmeofConfig.Spread spread = NvmeofConfig.Spread.valueOf(v.text("spread").toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
        int priority = TrafficSchema.priority(v, defaultPriority);
        int dscp = TrafficSchema.dscp(v, priority);
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
