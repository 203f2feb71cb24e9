package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.core.units.Units;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.lossless.core.net.WireFormat;
import org.lossless.core.settings.Values;
import org.lossless.nic.NicConfig;
import org.lossless.nic.RxBufferConfig;
import org.lossless.nic.RxBufferSchema;
import org.lossless.workloads.yaml.SectionReader;

/**
 * Reads {@code nic.rx_buffer}: absent or {@code none} = no receive buffer (the default); otherwise through
 * {@link RxBufferSchema#RX_BUFFER}: {@code size} and {@code drain_rate} (required), and its custom rows here:
 * {@code xoff}/{@code xon} (auto or a size), {@code priorities} (default: the switch's lossless priorities),
 * {@code hosts} (all or a list), {@code storm_timeout} (0 = off, auto = 100 ms, or a time). Hands them as read to
 * nic-cc's builder ({@link NicConfig.Builder#rxBuffer(Values, long, long, int, List, long)}), which makes the
 * {@link RxBufferConfig}; the reader opens {@code size} for the xoff check only. The auto thresholds are then
 * checked against the topology's host link ({@link NicConfig.Builder#checkRxBuffer}) so that a buffer too small
 * for the mlx5 headroom is a scenario error.
 */
final class RxBufferReader {
    /** {@code storm_timeout: auto}: the mlx5 driver's automatic PFC storm-prevention timeout, 100 ms. */
    static final long STORM_AUTO_PS = 100_000_000_000L;

    private RxBufferReader() {
    }

    /** Leaves {@code nic} without a receive buffer when absent or {@code none}. */
    static void read(Cursor c, TopologyConfig topology, List<Integer> lossless, int mtu, WireFormat wire,
                     NicConfig.Builder nic) {
        if (!c.present() || (c.isScalar() && "none".equals(c.scalar("none or a mapping")))) {
            return;
        }
        if (!c.isScalar() && !c.isList() && !c.key("size").present()) {
            c.key("size").size(); // required, checked first: the cursor's "is required (...)"
        }
        Values v = SectionReader.read(c, RxBufferSchema.RX_BUFFER);
        long size = v.has("size") ? v.number("size") : c.key("size").size();
        if (!v.has("drain_rate")) {
            c.key("drain_rate").rateBps(); // required: the cursor's "is required (...)"
        }
        long xoff = threshold(c.key("xoff"));
        long xon = threshold(c.key("xon"));
        if (xoff != RxBufferConfig.AUTO && (xoff < 1 || xoff > size)) {
            throw c.key("xoff").error(Units.formatSize(xoff) + " is out of range: the XOFF threshold must be 1B to the size ("
                    + Units.formatSize(size) + ")");
        }
        if (xon != RxBufferConfig.AUTO && xoff != RxBufferConfig.AUTO && xon >= xoff) {
            throw c.key("xon").error("the XON threshold (" + Units.formatSize(xon) + ") must be below xoff ("
                    + Units.formatSize(xoff) + ")");
        }
        int mask = priorities(c.key("priorities"), lossless);
        List<Integer> hosts = hosts(c.key("hosts"), topology.hostCount());
        long storm = storm(c.key("storm_timeout"));
        SwitchReader.build(c, () -> nic.rxBuffer(v, xoff, xon, mask, hosts, storm));
        LinkConfig link = topology.hostLink();
        try {
            nic.checkRxBuffer(link.rateBps(), link.delayPs(), wire.largestFrame(mtu));
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            String key = m.startsWith("nic.rx_buffer.xon") ? "xon" : "size";
            throw c.key(key).error(m.replaceFirst("^nic\\.rx_buffer\\.(size|xon): ", ""));
        }
    }

    private static long threshold(Cursor c) {
        if (!c.present()) {
            return RxBufferConfig.AUTO;
        }
        if (c.isScalar() && "auto".equals(c.scalar("auto or a size"))) {
            return RxBufferConfig.AUTO;
        }
        long v = c.size();
        if (v < 0) {
            throw c.error("expected auto or a size >= 0 such as 200KB");
        }
        return v;
    }

    private static int priorities(Cursor c, List<Integer> lossless) {
        if (!c.present()) {
            int mask = 0;
            for (int p : lossless) {
                mask |= 1 << p;
            }
            if (mask == 0) {
                throw c.error("is required: the switch has no lossless priority to default to (e.g. [3])");
            }
            return mask;
        }
        List<Integer> listed = c.distinctIntegers(0, 7, "priority");
        if (listed.isEmpty()) {
            throw c.error("list at least one priority 0..7, e.g. [3]");
        }
        int mask = 0;
        for (int p : listed) {
            mask |= 1 << p;
        }
        return mask;
    }

    private static List<Integer> hosts(Cursor c, int hostCount) {
        if (!c.present() || (c.isScalar() && "all".equals(c.scalar("all or a list of hosts")))) {
            return List.of();
        }
        List<Integer> listed = c.distinctIntegers(0, hostCount - 1, "host");
        if (listed.isEmpty()) {
            throw c.error("list at least one host, or write all");
        }
        return new ArrayList<>(new TreeSet<>(listed));
    }

    private static long storm(Cursor c) {
        if (!c.present()) {
            return 0;
        }
        if (c.isScalar() && "auto".equals(c.scalar("0, auto or a time"))) {
            return STORM_AUTO_PS;
        }
        long t = c.timePs();
        if (t < 0) {
            throw c.error("expected 0 (off), auto (100ms) or a time such as 100ms");
        }
        return t;
    }
}
