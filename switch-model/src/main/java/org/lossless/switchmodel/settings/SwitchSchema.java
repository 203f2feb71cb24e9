package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;

/**
 * The schema of the top level of {@code switch}: every key in the order the scenario reader allows them (the
 * "allowed here" list of an unknown-key message), with type, default and doc line. The plain keys
 * ({@code profile}, {@code buffer_size}, {@code cell_size}, {@code latency}, {@code cut_through}) are read through
 * it; the nested and complex ones are {@link Key#custom} rows read by their own readers and documented in their
 * own tables. docs/scenario.md's top-level {@code switch} table is generated from {@link #SWITCH}.
 */
public final class SwitchSchema {
    /** The largest accounting cell, bytes (checked by the scenario reader with the value in its message). */
    public static final int MAX_CELL = 65_536;

    public static final Section SWITCH = Section.of("switch",
            Key.choice("profile", List.of("default", "hpcc2019"), "default", "`default`: a SONiC-style shared-buffer "
                    + "MMU built from the keys below. `hpcc2019`: the HPCC ns-3 simulator's MMU (switch.md §1); it uses "
                    + "`buffer_size`, the pause model (`pfc.mode`, `pause_quanta`, `refresh`) and `ecn`, and changes "
                    + "their defaults as noted"),
            Key.size("buffer_size", null, "packet buffer per switch")
                    .atLeast(1, "the buffer must be > 0 bytes, e.g. 32MB")
                    .defaultDoc("`32MB`; `hpcc2019`: `32MiB`; with `pools`: what the pools, reserved sizes and headroom "
                            + "of the switch's ports need"),
            Key.size("cell_size", 1L, "accounting cell, 1 to 65536 bytes: a frame of s bytes takes ⌈s / cell⌉ cells "
                    + "(1 = byte accounting)").defaultDoc("`1`"),
            Key.custom("pools", "list of pools (below)", "none: one ingress and one egress pool share `buffer_size`",
                    "explicit SONiC `BUFFER_POOL`s"),
            Key.custom("pfc", "mapping", "below", "priority flow control (802.1Qbb) on the lossless priorities"),
            Key.custom("lossy_pg", "buffer profile (below)", "`{reserved: 0, dynamic_th: 3}`",
                    "ingress profile of the priority groups without PFC"),
            Key.custom("queues", "`{lossless: profile, lossy: profile}`", "`lossless: {reserved: 0}` (no limit: never "
                    + "dropped), `lossy: {reserved: 0, dynamic_th: 3}`", "egress queue profiles"),
            Key.custom("ecn", "mapping", "below", "ECN marking on egress queues"),
            Key.custom("qos_map", "mapping", "below", "DSCP → traffic class → priority group / queue"),
            Key.custom("scheduling", "mapping", "below: strict priority",
                    "egress scheduling of every switch port: strict tiers, then DWRR"),
            Key.time("latency", 0L, "forwarding latency: from a frame's last bit in to the first moment its first bit "
                    + "may go out. `0` = store-and-forward with no pipeline delay, the setting of the HPCC simulator, "
                    + "the DCQCN authors' ns-3 and the fluid model that the published checks use. Vendor datasheets of "
                    + "current shared-buffer ASICs quote roughly 400-800 ns port to port (some cut-through parts about "
                    + "300 ns; deep-buffer chips several µs): set your switch's value. It adds to every hop of every "
                    + "frame (and to `ideal_fct_ps`), not to the headroom need (switch.md, \"Forwarding latency\")")
                    .atLeast(0, "must be >= 0 (last bit in to first possible bit out), e.g. 600ns"),
            Key.bool("cut_through", false, "a frame that finds its egress idle, with nothing else queued, and the "
                    + "egress no faster than its ingress leaves as if it had started at its first bit's arrival + "
                    + "`latency`; otherwise store-and-forward"),
            Key.custom("flow_control", "`pfc` \\| `cbfc` \\| `none`, or a mapping priority → `pfc` \\| `cbfc` \\| "
                    + "`none`", "`pfc`", "flow control per traffic class. `pfc`: the classes of "
                    + "`switch.pfc.priorities` are lossless (the default). `none`: no class has flow control (PFC off, "
                    + "the same as `pfc: {enabled: false}`; a full queue drops, or trims with `trimming`). A mapping, "
                    + "e.g. `{3: pfc, 1: none}`: PFC on the priorities marked `pfc`, none on every other. It sets what "
                    + "`switch.pfc.enabled` and `switch.pfc.priorities` say, so it may not contradict them (exit 2); "
                    + "the resolved scenario spells the result out in `switch.pfc`. `cbfc`: credit-based flow control "
                    + "(Ultra Ethernet's link layer) on those classes, every link; PFC off for them; the resolved "
                    + "scenario writes `switch.cbfc.priorities` ([uet.md](uet.md#cbfc-credit-based-flow-control))"),
            Key.custom("trimming", "mapping", "off", "packet trimming (Ultra Ethernet): `priorities` (required: the "
                    + "egress queues that trim, 0..7) and `header` (size of the trimmed frame, 64..512 B, default "
                    + "`64B`). A data frame of one of these queues that the buffer refuses is not dropped: its payload "
                    + "is cut and the header goes out ahead of every queued frame of the port, here and at every later "
                    + "hop, so a UET receiver NACKs it at once. Counted per switch as last-hop (port facing a host) or "
                    + "in-network trims. Meant for classes without PFC and for `nic.transport: uet` (both linted); "
                    + "[uet.md](uet.md#packet-trimming)"),
            Key.custom("llr", "mapping", "off", "injected frame errors on every link and Ultra Ethernet's link-level "
                    + "retry against them: `frame_error_rate` (probability that a frame is corrupted on a link, 0..1, "
                    + "default 0; PFC frames are never corrupted) and `enabled` (default `true` when the section is "
                    + "given: each link replays a corrupted frame and the frames after it from its transmitter's replay "
                    + "buffer, so the frame arrives one link RTT plus the NACK's and its own serialization later and "
                    + "nothing is lost; `false`: a corrupted frame is lost and counted as a drop of the transmitting "
                    + "port, the transport recovers it). Applies to every cable, both directions; "
                    + "[uet.md](uet.md#llr-link-level-retry)"),
            Key.custom("cbfc", "mapping (`switch.cbfc` below)", "off", "credit-based flow control of the classes "
                    + "`flow_control` gives `cbfc`: their credits per link and the credit update's delay. Exit 2 with "
                    + "PFC on the same class, trimming on a CBFC class, `nic.rx_buffer`, frame errors without LLR, "
                    + "credits below the largest frame or beyond `buffer_size`"));

    /**
     * {@code switch.trimming}. {@code priorities} is a custom row: the scenario reader reads it as written (order
     * kept, as the resolved scenario writes it) and requires it; {@code header}'s 64..512 B range is checked there
     * with the value in the message.
     */
    public static final Section TRIMMING = Section.of("switch.trimming",
            Key.custom("priorities", "list of 0..7 (or one integer)", "**required**",
                    "the egress queues whose overflow trims; distinct"),
            Key.size("header", TrimmingSettings.DEFAULT_HEADER_BYTES, "size of the trimmed frame, 64 to 512 bytes "
                    + "(64 B: the UEC reference simulator's header)"));

    /**
     * {@code switch.llr}. {@code frame_error_rate} is a custom row: the scenario reader parses it as a number
     * (scientific notation such as {@code 1e-6} included) and checks it is a probability, with its own messages.
     */
    public static final Section LLR = Section.of("switch.llr",
            Key.bool("enabled", true, "each link replays a corrupted frame and the frames after it from its "
                    + "transmitter's replay buffer, so nothing is lost; `false`: a corrupted frame is lost and counted "
                    + "as a drop of the transmitting port, the transport recovers it")
                    .defaultDoc("`true` when the section is given"),
            Key.custom("frame_error_rate", "probability 0..1, e.g. `1e-6`", "`0`",
                    "probability that a frame is corrupted on a link (every cable, both directions); PFC frames are "
                    + "never corrupted"));

    /**
     * {@code switch.cbfc}. {@code credits} takes {@code auto} or a size; a bad value gets the size parser's message
     * ("a size such as 32MB"), as before the schema. {@code priorities} has no default of its own: it is the classes
     * {@code switch.flow_control} gives {@code cbfc}, and the scenario reader checks the two agree.
     */
    public static final Section CBFC = Section.of("switch.cbfc",
            Key.intSet("priorities", "priority", 0, 7, null, "the classes under CBFC, distinct, stored sorted: what the "
                    + "resolved scenario writes; given beside `flow_control` it must agree")
                    .defaultDoc("the classes `flow_control` gives `cbfc`"),
            Key.size("credits", null, "the credit the receiver of every link grants per class; `auto` = the credit "
                    + "that keeps the link busy at line rate: one largest frame plus the credit loop (2 × cable delay, "
                    + "the 84 B credit frame, `credit_delay` and a switch's `latency`) at the link's rate, rounded up to "
                    + "whole largest frames (`lossless headroom --model cbfc` prints it)")
                    .orAuto("a size such as 32MB").atLeast(1, "must be > 0 bytes (or auto), e.g. 32KB")
                    .defaultValue(Key.AUTO),
            Key.time("credit_delay", CbfcSettings.DEFAULT_CREDIT_DELAY_PS, "time from a credit update's arrival until "
                    + "its credit can be spent (the handling of the update at both ends). An assumption: the Ultra "
                    + "Ethernet specification leaves it to the implementation")
                    .atLeast(0, "must be >= 0 (the handling of a credit update at both ends), e.g. 100ns"));

    /** The profiles, in the order messages list them. */
    public static final List<String> PROFILES = SWITCH.key("profile").choices();

    private SwitchSchema() {
    }
    /** As-written values of {@code switch.cbfc} on the classes {@code priorities}, with defaults from {@link #CBFC}. */
    public static CbfcSettings cbfc(Values v, List<Integer> priorities) {
        Values r = CBFC.resolve(v);
        return new CbfcSettings(priorities, r.isAuto("credits") ? null : r.number("credits"), r.number("credit_delay"));
    }

    /** {@code c} as values of {@code switch.cbfc} (what the resolved scenario writes). */
    public static Values values(CbfcSettings c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("priorities", c.priorities());
        m.put("credits", c.credits() == null ? Key.AUTO : c.credits());
        m.put("credit_delay", c.creditDelayPs());
        return new Values(CBFC, m);
    }
    /** The plain top-level keys of {@code s} as values of {@link #SWITCH} (the resolved scenario's): its set fields. */
    public static Values values(SwitchSettings s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("profile", s.profile());
        m.put("buffer_size", s.bufferSize());
        m.put("cell_size", s.cellSize() == null ? null : (Long) (long) s.cellSize());
        m.put("latency", s.latency());
        m.put("cut_through", s.cutThrough());
        return new Values(SWITCH, m);
    }
    /** {@code t}'s plain keys as values of {@link #TRIMMING} ({@code priorities} is a custom row). */
    public static Values values(TrimmingSettings t) {
        return new Values(TRIMMING, Map.of("header", t.headerBytes()));
    }

    /** {@code l}'s plain keys as values of {@link #LLR} ({@code frame_error_rate} is a custom row). */
    public static Values values(LlrSettings l) {
        return new Values(LLR, Map.of("enabled", l.enabled()));
    }
}
