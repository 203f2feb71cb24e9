package org.lossless.nic;

import java.util.LinkedHashMap;
import java.util.Map;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;

/**
 * The schema of {@code nic.irn}, IRN's parameters (used with {@code nic.loss_recovery: irn}, whose choice is a
 * key of {@link NicSchema#NIC}): names, types, ranges, defaults (the IRN paper's evaluation settings) and doc
 * lines, declared once. The scenario reader reads it through the schema, the resolved scenario writes it from it
 * and docs/scenario.md's {@code nic.irn} table is generated from it. {@code bdp_cap} ({@code path} or a packet
 * count) is a {@link Key#custom} row its reader reads; {@code rto_high} at least {@code rto_low} is checked by
 * the reader, naming {@code rto_high}.
 */
public final class IrnSchema {
    public static final Section IRN = Section.of("nic.irn",
            Key.time("rto_low", LossRecoveryConfig.DEFAULT_RTO_LOW_PS, "retransmission timeout while at most "
                    + "`rto_low_packets` packets are in flight (a short message or a tail: no later packet can "
                    + "trigger a NACK)").atLeast(1, "RTO_low must be > 0, e.g. 100us"),
            Key.time("rto_high", LossRecoveryConfig.DEFAULT_RTO_HIGH_PS, "retransmission timeout otherwise; at "
                    + "least `rto_low`"),
            Key.integer("rto_low_packets", 1, 1 << 20, LossRecoveryConfig.DEFAULT_RTO_LOW_PACKETS, "the N of "
                    + "RTO_low: packets in flight (`last PSN sent − cumulative ACK`) at or below which `rto_low` "
                    + "applies"),
            Key.custom("bdp_cap", "`path` or packets 1.." + LossRecoveryConfig.MAX_BDP_CAP, "`path`", "BDP-FC: the "
                    + "most packets a QP may have in flight; a new packet waits while the cap is reached "
                    + "(retransmissions do not). `path`: the QP's path base RTT × the NIC line rate in MTU packets, "
                    + "rounded up (the same RTT as `nic.window: bdp`). The receiver and sender bitmaps are sized "
                    + "to it"));

    private IrnSchema() {
    }

    /**
     * {@code nic.loss_recovery} ({@code mode}) with {@code nic.irn} as the scenario reader read it through
     * {@link #IRN} (null: not written), each key not written at its default, and {@code bdp_cap} (its custom row,
     * read by the reader: {@link LossRecoveryConfig#PATH_BDP_CAP} or a packet count).
     *
     * @throws IllegalArgumentException naming {@code nic.irn.<key>} when the record refuses the set
     */
    public static LossRecoveryConfig config(String mode, Values written, long bdpCap) {
        Values v = IRN.resolve(written == null ? Values.empty(IRN) : written);
        return new LossRecoveryConfig(mode, v.number("rto_low"), v.number("rto_high"), v.integer("rto_low_packets"),
                bdpCap);
    }

    /** The schema's keys of {@code c} ({@code bdp_cap}, a custom row, is not among them): what the resolved YAML writes. */
    public static Values values(LossRecoveryConfig c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rto_low", c.rtoLowPs());
        m.put("rto_high", c.rtoHighPs());
        m.put("rto_low_packets", c.rtoLowPackets());
        return new Values(IRN, m);
    }
}
