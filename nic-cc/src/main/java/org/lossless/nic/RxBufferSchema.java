package org.lossless.nic;

import java.util.LinkedHashMap;
import java.util.Map;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;

/**
 * The schema of {@code nic.rx_buffer}, the NIC receive buffer (a mapping, or {@code none}: the {@code nic} schema's
 * custom row): names, types, ranges, defaults and doc lines, declared once. The scenario reader reads {@code size}
 * and {@code drain_rate} through it and docs/scenario.md's {@code nic.rx_buffer} table is generated from it; the
 * thresholds ({@code auto} or a size checked against {@code size} and each other), {@code priorities} (default: the
 * switch's lossless ones), {@code hosts} and {@code storm_timeout} are {@link Key#custom} rows their reader reads.
 */
public final class RxBufferSchema {
    public static final Section RX_BUFFER = Section.of("nic.rx_buffer",
            Key.size("size", null, "buffer per listed priority, bytes of frames (Ethernet header to FCS); a frame "
                    + "that does not fit is dropped (`drops` on the NIC's row in `ports.csv`)")
                    .atLeast(1, "the receive buffer must be > 0 bytes, e.g. 256KB").defaultDoc("required"),
            Key.rate("drain_rate", null, "rate at which the host empties the buffer (PCIe, memory, address "
                    + "translation), shared by the listed priorities; a frame of `b` bytes takes `b·8/drain_rate`")
                    .atLeast(1, "the drain rate must be > 0, e.g. 20Gbps").defaultDoc("required"),
            Key.custom("xoff", "`auto` or size 1..`size`", "`auto`", "occupancy (bytes) at which XOFF is sent. "
                    + "`auto` = `size` − the mlx5 headroom (below)"),
            Key.custom("xon", "`auto` or size 0..`xoff`−1", "`auto`", "occupancy at or below which XON is sent. "
                    + "`auto` = `xoff` − one largest data frame (mlx5: xon = xoff threshold − MTU)"),
            Key.custom("priorities", "list of 0..7", "`switch.pfc.priorities`", "priorities that go through the "
                    + "buffer; other frames reach the host at once"),
            Key.custom("hosts", "`all` or list of host numbers", "`all`", "hosts whose NIC has the buffer (e.g. one "
                    + "slow receiver)"),
            Key.custom("storm_timeout", "`0`, `auto` or time", "`0` (off)", "pause-storm protection (mlx5 "
                    + "`tx_pause_storm_error`, ethtool `pfc-prevention-tout`): a priority that has held its pause "
                    + "continuously this long stops sending PAUSE for the rest of the run. `auto` = 100 ms (the mlx5"
                    + " driver's automatic value; it accepts 80 ms to 8 s)"));

    private RxBufferSchema() {
    }

    /**
     * {@code nic.rx_buffer} as the scenario reader read it through {@link #RX_BUFFER} ({@code size} and
     * {@code drain_rate}, required) with its custom rows, read by the reader (in the units of
     * {@link RxBufferConfig}).
     *
     * @throws IllegalArgumentException naming the key when the record refuses the set
     */
    public static RxBufferConfig config(Values written, long xoffBytes, long xonBytes, int priorities,
                                        java.util.List<Integer> hosts, long stormTimeoutPs) {
        return new RxBufferConfig(written.number("size"), written.number("drain_rate"), xoffBytes, xonBytes,
                priorities, hosts, stormTimeoutPs);
    }

    /** The schema's plain keys of {@code c} (not the custom rows): what the resolved YAML writes first. */
    public static Values values(RxBufferConfig c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("size", c.sizeBytes());
        m.put("drain_rate", c.drainRateBps());
        return new Values(RX_BUFFER, m);
    }
}
