package org.lossless.switchmodel.settings;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;

import org.lossless.core.settings.Values;
import org.lossless.switchmodel.ecn.RedParams;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * The {@code switch} section as switch-model builds it, in one call from what the scenario reader read
 * ({@link #of}): the PFC section, the pools and the buffer profiles arrive as the generic values their schemas read
 * ({@link PfcSchema#PFC}, {@link BufferSchema#POOL}, {@link BufferSchema#PROFILE}; {@code ecn} with its
 * {@code by_rate} entries, {@link Ecn}), and this class turns them into the settings, resolves
 * them, and is the factory of every switch's buffer-manager numbers and stateful MMUs ({@link #mmus}), with the
 * load-time check that needs them ({@link #check}). The scenario carries it and hands it to the engine; a PFC or
 * buffer (or ECN) value crosses from the reader into switch-model once, here, and the later calls ({@link #mmus},
 * {@link #check}) carry the fabric's numbers, not the section's.
 *
 * <p>Instance state only (one per loaded scenario; no static cache); thread-safe (a sweep's points may share a
 * scenario). Equal when the settings are equal (the assemblies are a function of them and the fabric).
 */
public final class SwitchModel {
    /** Larger switches are not built by the load-time check (it allocates per port and priority). */
    public static final int MAX_CHECKED_PORTS = 4096;

    private final SwitchSettings settings;
    /** The switches' MMU assemblies, by (graph, NIC PFC response, largest frame): one per scenario in practice. */
    private final Map<List<Object>, SwitchMmus> mmus = new HashMap<>();

    private SwitchModel(SwitchSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * What the reader read of {@code switch}: the sections read through their schemas as values (null when absent),
     * the others as the records their readers made.
     *
     * @param top      the plain keys ({@link SwitchSchema#SWITCH}; {@code cell_size} already range-checked)
     * @param pools    each of {@code switch.pools} ({@link BufferSchema#POOL}), in order; null when absent
     * @param pfc      {@code switch.pfc} as written ({@link PfcSchema#PFC})
     * @param lossless the classes {@code switch.flow_control} makes lossless, checked against {@code pfc}'s
     *                 {@code enabled} and {@code priorities}; null when it does not say
     * @param ecn      {@code switch.ecn} as read; null when absent
     * @param qos      {@code switch.qos_map} as read; null when absent
     * @param scheduling {@code switch.scheduling} as read; null when absent
     * @param trimming {@code switch.trimming} as read; null when absent
     * @param llr      {@code switch.llr} as read; null when absent
     * @param cbfc     {@code switch.cbfc} as read with the classes under CBFC; null when no class runs CBFC
     */
    public record Read(Values top, List<Values> pools, Values pfc, List<Integer> lossless,
                       Trimming trimming, Llr llr, Values lossyPg, Values losslessQueue,
                       Values lossyQueue, Ecn ecn, QosMap qos, Scheduling scheduling,
                       Cbfc cbfc) {
        public Read {
            Objects.requireNonNull(top, "top");
        }
    }

    /**
     * {@code switch.ecn} as read: the section through {@link EcnSchema#ECN} and each {@code by_rate} entry through
     * {@link EcnSchema#BY_RATE}, in the file's order; {@link SwitchModel#of} makes the {@link EcnSettings}. Nothing
     * here is checked against anything else: the settings' own check ({@link RedParams#check}) refuses a kmax below its
     * kmin, when written, resolved with the defaults and per entry against what it inherits, and the refusal names
     * the key that set kmax (or the entry's kmin when the entry sets no kmax).
     *
     * @param section the section's keys as written
     * @param byRate  the entries as written, in order; empty when none
     */
    public record Ecn(Values section, List<Entry> byRate) {
        public Ecn {
            Objects.requireNonNull(section, "section");
            byRate = List.copyOf(byRate);
        }

        /**
         * One {@code by_rate} entry.
         *
         * @param key     the key as written (the port speed's text), which a refusal names
         * @param rateBps the port speed it stands for, bit/s (the reader parses the keys)
         * @param values  its keys as written (an empty entry: none)
         */
        public record Entry(String key, long rateBps, Values values) {
            public Entry {
                Objects.requireNonNull(key, "key");
                Objects.requireNonNull(values, "values");
            }
        }

        /**
         * The settings, unresolved (what the file says; {@link SwitchSettings#resolved()} fills in the rest), checked
         * in the file's order: the section, then each entry.
         */
        EcnSettings settings(boolean hpcc2019) {
            EcnSettings written = order(List.of("ecn", "kmax"), () -> EcnSchema.settings(section, null));
            order(List.of("ecn", "kmax"), () -> written.resolved(hpcc2019));
            Map<Long, EcnSettings.Rate> rates = new TreeMap<>();
            for (Entry e : byRate) {
                EcnSettings.Rate rate = part("ecn.by_rate",
                        () -> order(List.of("ecn", "by_rate", e.key(), "kmax"), () -> EcnSchema.rate(e.values())));
                String at = rate.kmax() != null ? "kmax" : "kmin";
                order(List.of("ecn", "by_rate", e.key(), at), () -> written.forRate(rate, e.rateBps(), hpcc2019));
                rates.put(e.rateBps(), rate);
            }
            return EcnSchema.settings(section, rates);
        }

        /** Runs {@code make}; a kmax below its kmin is refused at {@code path} with the reader's message. */
        private static <T> T order(List<Object> path, Supplier<T> make) {
            try {
                return make.get();
            } catch (RedParams.Order e) {
                throw new Refused(path, e.atKey(), e);
            }
        }
    }

    /**
     * {@code switch.qos_map} as read: its three mappings (custom rows the reader reads, keys and classes checked
     * there), each null when not written; {@link SwitchModel#of} makes the {@link QosMapSettings}.
     */
    public record QosMap(Map<Integer, Integer> dscpToTc, Map<Integer, Integer> tcToPg,
                         Map<Integer, Integer> tcToQueue) {
    }

    /**
     * {@code switch.scheduling} as read: the section through {@link SchedulingSchema#SCHEDULING} and its
     * {@code dwrr} row (queue -&gt; weight, read and checked by the reader; null when not written);
     * {@link SwitchModel#of} makes the {@link SchedulingSettings}.
     */
    public record Scheduling(Values section, Map<Integer, Integer> dwrr) {
        public Scheduling {
            Objects.requireNonNull(section, "section");
        }

        SchedulingSettings settings() {
            return new SchedulingSettings(section.ints("strict"), dwrr,
                    section.isAuto("quantum") ? (Long) SchedulingSettings.AUTO : section.number("quantum"));
        }
    }

    /**
     * {@code switch.trimming} as read: the section through {@link SwitchSchema#TRIMMING} and its {@code priorities}
     * (a custom row, read and checked by the reader, as is the header's range).
     */
    public record Trimming(Values section, List<Integer> priorities) {
        TrimmingSettings settings() {
            return new TrimmingSettings(priorities, section.has("header") ? section.number("header")
                    : TrimmingSettings.DEFAULT_HEADER_BYTES);
        }
    }

    /**
     * {@code switch.llr} as read: the section through {@link SwitchSchema#LLR} and its {@code frame_error_rate} (a
     * custom row, read and checked by the reader; 0 when not written).
     */
    public record Llr(Values section, double frameErrorRate) {
        LlrSettings settings() {
            return new LlrSettings(section.has("enabled") ? section.bool("enabled")
                    : (Boolean) SwitchSchema.LLR.key("enabled").dflt(), frameErrorRate);
        }
    }

    /**
     * {@code switch.cbfc} as read through {@link SwitchSchema#CBFC} (null when not written: every key at its
     * default) with the classes under CBFC (from {@code switch.flow_control}, checked against the section's
     * {@code priorities} by the reader).
     */
    public record Cbfc(Values section, List<Integer> priorities) {
        CbfcSettings settings() {
            return section == null ? new CbfcSettings(priorities, null, null) : SwitchSchema.cbfc(section, priorities);
        }
    }

    /** A settings record refused what was read (rare: the schemas check first); {@link #path()} says where. */
    public static final class Refused extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final transient List<Object> path;

        Refused(String part, IllegalArgumentException cause) {
            this(keys(part), cause.getMessage(), cause);
        }

        Refused(List<Object> path, String message, IllegalArgumentException cause) {
            super(message, cause);
            this.path = List.copyOf(path);
        }

        private static List<Object> keys(String part) {
            List<Object> keys = new ArrayList<>();
            for (String k : part.isEmpty() ? new String[0] : part.split("\\.")) {
                keys.add(k.chars().allMatch(Character::isDigit) ? (Object) Integer.parseInt(k) : k);
            }
            return keys;
        }

        /**
         * The key path below {@code switch}: each a key ({@code String}, as written) or a list index ({@code Integer});
         * empty = the section.
         */
        public List<Object> path() {
            return path;
        }

        /** {@link #path()} dot-separated ({@code pfc}, {@code pools.2}, {@code queues.lossless}); "" = the section. */
        public String part() {
            StringBuilder b = new StringBuilder();
            for (Object k : path) {
                b.append(b.length() == 0 ? "" : ".").append(k);
            }
            return b.toString();
        }
    }

    /**
     * The section's settings, resolved ({@link SwitchSettings#resolved()}), built from what was read.
     *
     * @throws Refused when a settings record refuses a value (the readers and schemas check first)
     */
    public static SwitchModel of(Read r) {
        List<PoolSettings> pools = null;
        if (r.pools() != null) {
            pools = new ArrayList<>();
            for (int i = 0; i < r.pools().size(); i++) {
                Values v = r.pools().get(i);
                pools.add(part("pools." + i, () -> BufferSchema.pool(v)));
            }
        }
        PfcSettings given = r.pfc() == null ? null : part("pfc", () -> PfcSchema.settings(r.pfc()));
        PfcSettings pfc = r.lossless() == null ? given
                : (given == null ? PfcSettings.UNSET : given).withLossless(r.lossless());
        BufferProfileSettings lossyPg = profile("lossy_pg", r.lossyPg());
        BufferProfileSettings losslessQueue = profile("queues.lossless", r.losslessQueue());
        BufferProfileSettings lossyQueue = profile("queues.lossy", r.lossyQueue());
        boolean hpcc2019 = "hpcc2019".equals(r.top().text("profile"));
        EcnSettings ecn = r.ecn() == null ? null : part("ecn", () -> r.ecn().settings(hpcc2019));
        QosMap q = r.qos();
        QosMapSettings qos = q == null ? null
                : part("qos_map", () -> new QosMapSettings(q.dscpToTc(), q.tcToPg(), q.tcToQueue()));
        SchedulingSettings scheduling = r.scheduling() == null ? null
                : part("scheduling", () -> r.scheduling().settings());
        TrimmingSettings trimming = r.trimming() == null ? null : part("trimming", () -> r.trimming().settings());
        LlrSettings llr = r.llr() == null ? null : part("llr", () -> r.llr().settings());
        CbfcSettings cbfc = r.cbfc() == null ? null : part("", () -> r.cbfc().settings());
        Values top = r.top();
        Long cell = top.number("cell_size");
        List<PoolSettings> built = pools;
        return new SwitchModel(part("", () -> new SwitchSettings(top.text("profile"), top.number("buffer_size"),
                cell == null ? null : (Integer) cell.intValue(), built, pfc, lossyPg, losslessQueue, lossyQueue,
                ecn, qos, scheduling, top.number("latency"), top.bool("cut_through"), trimming, llr)
                .withCbfc(cbfc).resolved()));
    }

    /** Settings made elsewhere (tests, tools), as a model of their own. */
    public static SwitchModel of(SwitchSettings settings) {
        return new SwitchModel(settings);
    }

    private static BufferProfileSettings profile(String part, Values v) {
        return v == null ? null : part(part, () -> BufferSchema.profile(v));
    }

    private static <T> T part(String part, Supplier<T> make) {
        try {
            return make.get();
        } catch (Refused e) {
            throw e; // named already
        } catch (IllegalArgumentException e) {
            throw new Refused(part, e);
        }
    }

    /** The resolved settings (for the resolved YAML, the lints and the result files). */
    public SwitchSettings settings() {
        return settings;
    }

    /**
     * Every switch's buffer-manager numbers on graph {@code t}, assembled on the first call and the same instance
     * afterwards ({@link SwitchMmus}: the factory of each switch's stateful MMU).
     *
     * @param nicResponsePs the NICs' PFC response time, ps
     * @param maxFrameBytes the largest lossless frame on the wire, B
     */
    public synchronized SwitchMmus mmus(Topology t, long nicResponsePs, int maxFrameBytes) {
        return mmus.computeIfAbsent(List.of(t, nicResponsePs, maxFrameBytes),
                k -> new SwitchMmus(t, settings, nicResponsePs, maxFrameBytes));
    }

    /**
     * The load-time check: assembles every switch of {@code t} of at most {@link #MAX_CHECKED_PORTS} ports (one MMU
     * configuration per distinct port layout, kept for the lints and the run), so that settings that cannot fit a
     * switch's ports (a buffer too small for the reserved and headroom bytes of 1,000 ports, a kmax below hpcc2019's
     * per-speed kmin) are a scenario error rather than a failure when the run starts.
     *
     * @param type the topology's type, for the message
     * @return null, or the first switch's error ("switch NAME (N ports in this TYPE topology) cannot be built: ...")
     */
    public String check(Topology t, String type, long nicResponsePs, int maxFrameBytes) {
        SwitchMmus m = mmus(t, nicResponsePs, maxFrameBytes);
        for (Node node : t.nodes()) {
            int ports = t.ports(node.id()).size();
            if (node.isHost() || ports > MAX_CHECKED_PORTS) {
                continue;
            }
            try {
                m.of(node.id());
                m.timing();
            } catch (IllegalArgumentException e) {
                return "switch " + node.name() + " (" + ports + " ports in this " + type + " topology) cannot be built: "
                        + e.getMessage();
            }
        }
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SwitchModel m && m.settings.equals(settings);
    }

    @Override
    public int hashCode() {
        return settings.hashCode();
    }

    @Override
    public String toString() {
        return "SwitchModel[" + settings + "]";
    }
}
