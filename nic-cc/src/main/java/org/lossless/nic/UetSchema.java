package org.lossless.nic;

import java.util.LinkedHashMap;
import java.util.Map;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;

/**
 * The schema of {@code nic.uet}, Ultra Ethernet's transport settings (used by every UET QP; {@code nic.transport}
 * is a choice key of {@link NicSchema#NIC}): names, types, ranges, defaults and doc lines, declared once. The
 * scenario reader reads it through the schema, the resolved scenario writes it from it and docs/scenario.md's
 * {@code nic.uet} table is generated from it. {@code nscc} (a congestion control's section) and {@code rccc}
 * (with a non-integer number of BDPs) are {@link Key#custom} rows their reader reads.
 */
public final class UetSchema {
    public static final Section UET = Section.of("nic.uet",
            Key.choice("spray", UetConfig.SPRAY_MODES, UetConfig.REPS, "load balancing: `reps` recycles the "
                    + "entropies whose ACK came back without ECN (REPS), drawing new ones while none is remembered; "
                    + "`oblivious` draws a new one per packet; `none` keeps the QP's own port on every packet "
                    + "(RoCE's behaviour, for comparison)"),
            Key.integer("entropies", 1, 16384, UetConfig.DEFAULT_ENTROPIES, "distinct entropy values (consecutive "
                    + "UDP source ports from the QP's own) a QP sprays over"),
            Key.integer("reps_buffer", 1, 4096, UetConfig.DEFAULT_REPS_BUFFER, "REPS: good entropies a QP remembers "
                    + "(first in, first out)"),
            Key.time("rto", UetConfig.DEFAULT_RTO_PS, "UET's retransmission timeout: when the cumulative ACK has "
                    + "not moved for this long, every packet sent and neither acknowledged nor selectively "
                    + "acknowledged is sent again (the UEC reference simulator's minimum RTO)")
                    .atLeast(1, "the UET retransmission timeout must be > 0, e.g. 100us"),
            Key.integer("max_outstanding", 64, 1 << 20, UetConfig.DEFAULT_MAX_OUTSTANDING, "most packets between the "
                    + "cumulative ACK and the newest packet sent: the size of the receiver's and sender's bitmaps; "
                    + "a new packet waits while it is reached"),
            Key.choice("cc", UetConfig.CCS, UetConfig.CCS.get(0), "congestion control of UET QPs whose workload "
                    + "names none: `nscc` (sender window from RTT and ECN), `rccc` (receiver-granted credits), "
                    + "`hybrid` (both)"),
            Key.custom("nscc", "mapping", "every key at its default", "NSCC's parameters: `target_qdelay` (`auto`: "
                    + "0.75 × the QP's base RTT), `max_window` (1.5, in BDPs of the QP's path), `gamma` (0.8), "
                    + "`max_md` (0.5), `delay_alpha` (0.0125), `qa_gate` (3), `quick_adapt` (true), `fast_increase` "
                    + "(true); meaning in [uet.md](uet.md)"),
            Key.custom("rccc", "mapping", "every key at its default", "RCCC's parameters: `speculative` (1.5: what a "
                    + "QP may send before its first ACK or grant, in BDPs of its path, 0.01..100), `grant` (4: MTUs per "
                    + "grant, 1..1024); [uet.md](uet.md)"));

    private UetSchema() {
    }

    /**
     * {@code nic.transport} with {@code nic.uet} as the scenario reader read it through {@link #UET} (null: not
     * written), each key not written at its default, NSCC's parameters and RCCC's (its custom rows, read by the
     * reader).
     *
     * @throws IllegalArgumentException naming the key when the record refuses the set
     */
    public static UetConfig config(String transport, Values written, org.lossless.nic.nscc.NsccParams nscc,
                                   double speculativeBdp, int grantPackets) {
        Values v = UET.resolve(written == null ? Values.empty(UET) : written);
        return new UetConfig(transport, v.text("spray"), v.integer("entropies"), v.integer("reps_buffer"),
                v.number("rto"), v.integer("max_outstanding"), v.text("cc"), nscc, speculativeBdp, grantPackets);
    }

    /** The schema's plain keys of {@code c} (not the custom {@code nscc}, {@code rccc}): what the resolved YAML writes. */
    public static Values values(UetConfig c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("spray", c.spray());
        m.put("entropies", c.entropies());
        m.put("reps_buffer", c.repsBuffer());
        m.put("rto", c.rtoPs());
        m.put("max_outstanding", c.maxOutstanding());
        m.put("cc", c.cc());
        return new Values(UET, m);
    }
}
