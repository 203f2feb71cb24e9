package org.lossless.nic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.net.WireFormat;
import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.nic.cc.CcSpec;
import org.lossless.nic.cc.CcSpecs;

/**
 * The schema of the top-level {@code nic} keys: every plain key's name, type, range, default and doc line,
 * declared once. The scenario reader reads the plain keys through it and takes their defaults from it, and
 * docs/scenario.md's {@code nic} table is generated from it (a test fails when they differ). The nested and
 * composite keys ({@code dcqcn}, each congestion control's section from {@link CcSpecs}, its doc line from its {@link CcSpec#doc()}, {@code rx_buffer},
 * {@code window}, {@code loss_recovery}, {@code transport}, {@code uet}, ...) are {@link Key#custom} rows:
 * listed in key order (unknown-key messages, docs) and read by their own readers.
 */
public final class NicSchema {
    /** {@code nic.mtu} range, payload bytes: 64..9000 (an Ethernet MTU of 9000 is the largest jumbo frame). */
    public static final int MIN_MTU = 64;
    public static final int MAX_MTU = 9000;
    /** {@code nic.mtu}'s default, payload bytes (a constant: the CLI's annotations use it). */
    public static final int DEFAULT_MTU = 4096;
    /** Largest {@code nic.ack_interval}, packets. */
    public static final int MAX_ACK_INTERVAL = 65_536;

    public static final Section NIC = Section.of("nic", keys().toArray(Key[]::new));

    private NicSchema() {
    }

    private static List<Key> keys() {
        List<Key> k = new ArrayList<>(List.of(
                Key.size("mtu", (long) DEFAULT_MTU, "RDMA payload bytes per packet, " + MIN_MTU + " to " + MAX_MTU + " (headers come on top); "
                        + "4096 is what a RoCE NIC runs on an Ethernet MTU of 9000, as RoCE AI and storage clusters do "
                        + "(it was 1024 before: README, \"Changes\")").defaultDoc("`4096`"),
                Key.choice("cc", CcAlgorithms.NAMES, "dcqcn", "congestion control of every QP whose workload or connection does not choose its own (a "
                + "workload's `cc`, below; [cc.md](cc.md)); `none` = line rate, PFC alone keeps the fabric lossless"),
                Key.integer("ack_interval", 1, MAX_ACK_INTERVAL, 1, "the receiver ACKs every this many data packets, and always the last one of a message"),
                Key.custom("ack_priority", "0..7 or `data`", "`data`",
                "priority of ACK/NACK frames; `data` = the data packet's priority"),
                Key.custom("ack_dscp", "0..63 or `data`", "`data` with `ack_priority: data`, else 8 × `ack_priority`",
                "DSCP of ACK/NACK frames, which the switches classify them by; `data` = the QP's DSCP (the "
                + "responder answers in the connection's traffic class)"),
                Key.integer("cnp_priority", 0, 7, NicConfig.DEFAULT_CNP_PRIORITY, "priority of CNP frames (mlx5 `cnp_802p_prio`)"),
                Key.integer("cnp_dscp", 0, 63, null, "DSCP of CNP frames (mlx5 `cnp_dscp`, default 48; written by `lossless import mlx5`), which the "
                + "switches classify them by. The QoS-mapping lint warns when it lands on a lossless class or a "
                + "queue that strict data can starve")
                        .defaultDoc("8 × `cnp_priority` (48)"),
                Key.time("rto", NicConfig.DEFAULT_RTO_PS, "retransmission timeout, the IB local ACK timeout 4.096 µs × 2^n with n = 14 (67.1 ms; perftest's"
                + " default `-u 14`; NCCL uses n = 20, 4.29 s: set `rto: 4294967296ns` to match it). The timer runs"
                + " while a QP has packets sent and not acknowledged: it starts when a packet leaves with nothing "
                + "outstanding, restarts at each ACK progress, NACK and timeout, and when it expires the QP goes "
                + "back to its first unacknowledged packet (go-back-N), also if it still has packets to send (held "
                + "by PFC, its rate limiter or its window). Retries are unlimited: a real QP errors after "
                + "`retry_cnt` (7) timeouts in a row, about 0.54 s at n = 14, which is not modelled. Model: "
                + "docs/model.md (\"Loss recovery\") Go-back-N only: under `loss_recovery: irn` the two timeouts of"
                + " `nic.irn` replace it (same timer rules)")
                        .atLeast(1, "the retransmission timeout must be > 0, e.g. 67108864ns (4.096 us x 2^14, the IB"
                                + " ACK timeout 14)"),
                Key.custom("dcqcn", "mapping", "`{profile: mlx5}`",
                "DCQCN parameters, below; read, checked and kept (written to the resolved scenario) even with "
                + "`cc: none`, for connections that choose `dcqcn`"),
                Key.custom("rx_buffer", "`none` or mapping", "`none`",
                "the NIC receive buffer that drains slower than line rate and sends PFC to the switch (a slow "
                + "receiver, docs/switch.md §Pause propagation graph); below. `none`: the host takes every frame "
                + "the moment it arrives and NICs never send PAUSE"),
                Key.custom("window", "`none` \\| `bdp` \\| size ≥ one MTU", "`none`",
                "per-QP send window, payload bytes a QP may have unacknowledged (perftest `-t`, NCCL's "
                + "outstanding chunks, HPCC's `HAS_WIN`). `none`: only the rate limiter holds a QP. `bdp`: the QP's"
                + " path base RTT (full-MTU data packet out, ACK back, serialization and propagation per hop) × the"
                + " NIC line rate, rounded up to whole MTUs, fixed at flow start. A size: e.g. `64KB`; below one "
                + "MTU (a QP could never send a packet) and `0` are rejected. Model: docs/model.md (\"Send "
                + "window\")"),
                Key.time("pfc_response_time", null, "the NIC's PFC response time: it may start frames of a paused priority for this long after the "
                + "PAUSE arrived (the one on the wire then finishes). `auto` = the IEEE 802.3 budget at the host "
                + "link's speed (394 quanta = 2.02 µs at 100 Gb/s), the value headroom calculators (SONiC, Cisco) "
                + "assume for the peer; no NIC measurement is published (hardware calibration can fit it). "
                + "`headroom: auto` of the switch port facing the NIC includes it. `0` = stop at the frame boundary"
                + " (the HPCC simulator)")
                        .orAuto("auto or a time such as 2us (from a received PAUSE until no new frame starts)")
                        .atLeast(0, "must be >= 0 (or auto), e.g. 2us").defaultValue(Key.AUTO),
                // times are never negative (the unit parser): the floor only gives the docs' "≥ 0"
                Key.time("ack_delay", NicConfig.DEFAULT_ACK_DELAY_PS, "ACK generation delay: time from the handling of a data packet until its ACK (or NACK) joins the "
                + "receiving NIC's send queue. `0` is the published models' value (HPCC simulator, DCQCN authors' "
                + "ns-3); real NICs take some time that no vendor publishes, so set yours (or fit it from "
                + "hardware). It adds to the sender's completion and its ideal (`metrics.completion: sender`), not "
                + "to the receiver's")
                        .atLeast(0, "must be >= 0"),
                Key.time("nack_interval", NicConfig.DEFAULT_NACK_INTERVAL_PS, "the receiver sends the NACK of a sequence gap once; if the gap is still open when an "
                + "out-of-sequence packet arrives this long or more after that NACK, it sends it again (the HPCC "
                + "simulator's \"NACK Generation Interval\", 500 µs). `0`: one NACK per gap, a lost NACK or "
                + "retransmission waits for the sender's `rto`. Go-back-N only: under `loss_recovery: irn` the "
                + "receiver NACKs every out-of-order packet")
                        .atLeast(0, "must be >= 0")));
        for (CcSpec<?> spec : CcSpecs.ALL) {
            k.add(Key.custom(spec.name(), "mapping", "every key at its default", spec.doc()));
        }
        k.addAll(List.of(
                Key.choice("loss_recovery", LossRecoveryConfig.MODES, LossRecoveryConfig.GO_BACK_N,
                "how every QP recovers lost packets. `go-back-n`: today's RoCE NICs (the InfiniBand RC "
                + "transport): the receiver discards out-of-sequence packets and NACKs once per gap, the sender "
                + "resends everything from the lost packet. `irn`: IRN (Mittal et al., SIGCOMM 2018): the receiver "
                + "keeps out-of-order packets in a bitmap and NACKs each with the cumulative ACK and the PSN it "
                + "holds, the sender resends only the lost packets, holds at most one BDP of packets in flight and "
                + "uses two timeouts (`nic.irn`); meant for lossy RoCE without PFC (a priority outside "
                + "`switch.pfc.priorities`). Model: docs/cc.md (\"Loss recovery\")"),
                Key.custom("irn", "mapping", "below",
                "IRN's parameters; read and checked whatever `loss_recovery` is, used only with `irn` (written to"
                + " the resolved scenario then)"),
                Key.choice("wire", WireFormat.NAMES, WireFormat.ROCEV2.name(), "the header sizes of every frame ([model.md](model.md), \"Frames on the wire\"): `rocev2` = "
                + "RoCEv2 over IPv4, 82 B of line time per data packet, 66 B ACKs; `hpcc2019` = the HPCC ns-3 "
                + "simulator's packets, 48 B per data packet, 60 B ACKs, no preamble or gap (what `lossless import "
                + "hpcc` writes, to reproduce that simulator). Written to the resolved scenario only when not "
                + "`rocev2`"),
                Key.choice("transport", UetConfig.TRANSPORTS, UetConfig.ROCEV2,
                "the transport of every QP. `rocev2`: RC over RoCEv2 (one UDP source port per QP, "
                + "`loss_recovery`, `rto`, `cc`). `uet`: Ultra Ethernet's reliable unordered delivery, below and in"
                + " [uet.md](uet.md): a new entropy (UDP source port) per packet, which the switches' ordinary ECMP"
                + " hash spreads over every equal-cost path (keep `routing.mode: ecmp`); out-of-order packets are "
                + "kept and acknowledged at once, one ACK per packet with the ECN echo; a trimmed packet is NACKed "
                + "at once and only lost packets are sent again. Under `uet`, `nic.loss_recovery`, `nic.irn`, "
                + "`nic.rto`, `nic.nack_interval` and `nic.ack_interval` are not used (UET's own retransmission and"
                + " per-packet ACKs) and `nic.cc` is replaced by `nic.uet.cc` for QPs whose workload names no `cc`."
                + " A workload's own `transport` (below) overrides this one for its QPs, so one run can mix both"),
                Key.custom("uet", "mapping", "every key at its default",
                "Ultra Ethernet's settings, below; read and checked whatever `transport` is, used by every UET QP"
                + " (those of `transport: uet` and of workloads that say `transport: uet`), written to the resolved"
                + " scenario when some QP runs UET")));
        return k;
    }

    /**
     * The schema's plain keys of {@code c} at their values (the custom rows are not among them): what the resolved
     * scenario writes for them.
     */
    public static Values values(NicConfig c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mtu", (long) c.mtu());
        m.put("cc", c.cc());
        m.put("ack_interval", c.ackEvery());
        m.put("cnp_priority", c.cnpPriority());
        m.put("cnp_dscp", c.cnpDscp());
        m.put("rto", c.rtoPs());
        m.put("pfc_response_time", c.pfcResponsePs() == NicConfig.AUTO_PFC_RESPONSE ? Key.AUTO : c.pfcResponsePs());
        m.put("ack_delay", c.ackDelayPs());
        m.put("nack_interval", c.nackIntervalPs());
        m.put("loss_recovery", c.lossRecovery().mode());
        m.put("wire", c.wire().name());
        m.put("transport", c.uet().transport());
        return new Values(NIC, m);
    }

    /** The default of {@code nic.NAME} (canonical units). */
    public static Object dflt(String name) {
        return NIC.key(name).dflt();
    }
}
