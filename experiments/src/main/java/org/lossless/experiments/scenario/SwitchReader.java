package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.core.text.DidYouMean;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.switchmodel.settings.BufferProfileSettings;
import org.lossless.switchmodel.settings.BufferSchema;
import org.lossless.workloads.yaml.SectionReader;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSchema;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.PoolSettings;
import org.lossless.switchmodel.settings.QosMapSchema;
import org.lossless.switchmodel.settings.QosMapSettings;
import org.lossless.switchmodel.settings.SchedulingSettings;
import org.lossless.switchmodel.settings.SwitchSchema;
import org.lossless.switchmodel.settings.SwitchSettings;

/**
 * Reads {@code switch} into switch-model's {@link SwitchSettings} (keys: docs/scenario.md and
 * docs/switch.md §5) and returns it {@link SwitchSettings#resolved() resolved}. The top-level plain keys are read
 * through {@link SwitchSchema#SWITCH}; its custom rows (pools, pfc, ecn, ...) by the readers below, schema sections
 * without a reader of their own ({@code pfc}, the buffer profiles) generically by {@link #section}. Every value is checked here
 * with its key path; the settings records' own checks back this up.
 */
final class SwitchReader {
    private SwitchReader() {
    }

    static SwitchSettings read(Cursor c) {
        Values read = SectionReader.read(c, SwitchSchema.SWITCH); // the plain keys; the others below
        Values top = read != null ? read : Values.empty(SwitchSchema.SWITCH); // no switch section: all defaults
        String profile = top.text("profile");
        Long buffer = top.number("buffer_size");
        Integer cell = null;
        if (top.has("cell_size")) {
            long v = top.number("cell_size");
            if (v < 1 || v > SwitchSchema.MAX_CELL) {
                throw c.key("cell_size").error(v + " is out of range: the buffer cell must be 1 to 65536 bytes, e.g. 96 or 256");
            }
            cell = (int) v;
        }
        List<PoolSettings> pools = pools(c.key("pools"));
        PfcSettings given = section(c.key("pfc"), PfcSchema.PFC, PfcSchema::settings);
        List<Integer> lossless = FlowControlReader.lossless(c.key("flow_control"), given); // null: as given
        PfcSettings pfc = lossless == null ? given : (given == null ? PfcSettings.UNSET : given).withLossless(lossless);
        org.lossless.switchmodel.settings.TrimmingSettings trimming = FlowControlReader.trimming(c.key("trimming"));
        org.lossless.switchmodel.settings.LlrSettings llr = FlowControlReader.llr(c.key("llr"));
        BufferProfileSettings lossyPg = bufferProfile(c.key("lossy_pg"));
        Cursor queues = c.key("queues").object("lossless", "lossy");
        BufferProfileSettings losslessQueue = bufferProfile(queues.key("lossless"));
        BufferProfileSettings lossyQueue = bufferProfile(queues.key("lossy"));
        EcnSettings ecn = EcnReader.read(c.key("ecn"), "hpcc2019".equals(profile));
        QosMapSettings qos = qosMap(c.key("qos_map"));
        SchedulingSettings scheduling = SchedulingReader.read(c.key("scheduling"));
        checkPools(c, pools, "hpcc2019".equals(profile));
        Long latency = top.number("latency");
        Boolean cutThrough = top.bool("cut_through");
        Integer cellSize = cell;
        Long bufferSize = buffer;
        Long lat = latency;
        return build(c, () -> new SwitchSettings(profile, bufferSize, cellSize, pools, pfc, lossyPg, losslessQueue,
                lossyQueue, ecn, qos, scheduling, lat, cutThrough, trimming, llr)
                .withCbfc(FlowControlReader.cbfc(c.key("flow_control"), c.key("cbfc"))).resolved());
    }

    /**
     * A section read generically: through its schema {@code s} ({@link SectionReader}: names, ranges, did-you-mean,
     * exit 2 with the key path) into values that its schema's {@code settings} function turns into the record; null
     * when the section is absent. No per-section reader: {@code switch.pfc}, the buffer profiles.
     */
    static <T> T section(Cursor c, Section s, Function<Values, T> settings) {
        Values v = SectionReader.read(c, s);
        return v == null ? null : build(c, () -> settings.apply(v));
    }

    /** Runs a settings constructor; its message (rarely reached: the readers check first) gets the key path. */
    static <T> T build(Cursor c, Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw c.error(e.getMessage());
        }
    }

    private static List<PoolSettings> pools(Cursor c) {
        if (!c.present()) {
            return null;
        }
        List<PoolSettings> out = new ArrayList<>();
        java.util.Set<String> names = new java.util.HashSet<>(); // linear in the pools: a CONFIG_DB may define thousands
        for (Cursor p : c.list()) {
            Values v = SectionReader.read(p, BufferSchema.POOL);
            Cursor nameKey = p.key("name");
            if (!nameKey.present()) {
                throw nameKey.error("is required: a pool name such as ingress_lossless_pool");
            }
            String name = v.text("name");
            if (!Scenario.validName(name)) {
                throw nameKey.error("'" + name + "' is not a valid pool name: use letters, digits, '.', '_' and '-'");
            }
            if (!names.add(name)) {
                throw nameKey.error("pool name '" + name + "' is used twice");
            }
            if (!v.has("type")) {
                throw p.key("type").error("is required: ingress or egress");
            }
            if (!v.has("size")) {
                throw p.key("size").error("is required: the pool's shared size, e.g. 10MB");
            }
            if (v.has("headroom_pool") && v.text("type").equals("egress")) {
                throw p.key("headroom_pool").error("only an ingress pool has a shared headroom pool");
            }
            out.add(build(p, () -> BufferSchema.pool(v)));
        }
        return out;
    }

    /** {@code lossy_pg}, {@code queues.lossless}, {@code queues.lossy} through {@link BufferSchema#PROFILE}. */
    private static BufferProfileSettings bufferProfile(Cursor c) {
        return section(c, BufferSchema.PROFILE, BufferSchema::profile);
    }

    /** Every pool a profile names must exist with the right type; the factory needs one pool of each type. */
    private static void checkPools(Cursor sw, List<PoolSettings> pools, boolean hpcc2019) {
        checkPool(sw.key("pfc").key("pool"), pools, "ingress");
        checkPool(sw.key("lossy_pg").key("pool"), pools, "ingress");
        checkPool(sw.key("queues").key("lossless").key("pool"), pools, "egress");
        checkPool(sw.key("queues").key("lossy").key("pool"), pools, "egress");
        if (pools != null && !hpcc2019) {
            for (String type : List.of("ingress", "egress")) {
                if (pools.stream().noneMatch(p -> p.type().equals(type))) {
                    throw sw.key("pools").error("no " + type + " pool: with explicit pools the switch needs at least "
                            + "one ingress and one egress pool");
                }
            }
        }
    }

    private static void checkPool(Cursor c, List<PoolSettings> pools, String type) {
        if (!c.present()) {
            return;
        }
        String name = c.text("a pool name");
        if (pools == null) {
            throw c.error("pool '" + name + "' is not defined: switch.pools is not set (remove this key to use the "
                    + "switch's implicit pools)");
        }
        List<String> names = new ArrayList<>();
        for (PoolSettings p : pools) {
            if (p.name().equals(name)) {
                if (!p.type().equals(type)) {
                    throw c.error("pool '" + name + "' is an " + p.type() + " pool; this profile needs an " + type + " pool");
                }
                return;
            }
            names.add(p.name());
        }
        throw c.error("no pool named '" + name + "'" + DidYouMean.hint(name, names) + " (pools: " + String.join(", ", names) + ")");
    }

    private static QosMapSettings qosMap(Cursor c) {
        if (SectionReader.read(c, QosMapSchema.QOS_MAP) == null) {
            return null;
        }
        return build(c, () -> new QosMapSettings(intMap(c.key("dscp_to_tc"), "DSCP value", QosMapSchema.MAX_DSCP),
                intMap(c.key("tc_to_pg"), "traffic class", QosMapSchema.MAX_TC),
                intMap(c.key("tc_to_queue"), "traffic class", QosMapSchema.MAX_TC)));
    }

    /** A mapping of integer keys 0..maxKey to traffic classes 0..7, e.g. {@code {0: 0, 3: 3}}. */
    private static Map<Integer, Integer> intMap(Cursor c, String keyName, int maxKey) {
        if (!c.present()) {
            return null;
        }
        Map<Integer, Integer> out = new LinkedHashMap<>();
        for (String k : c.keys("a mapping of " + keyName + " to 0..7, e.g. {3: 3}")) {
            Cursor entry = c.key(k);
            if (!k.strip().matches("\\d{1,2}") || Integer.parseInt(k.strip()) > maxKey) {
                throw entry.error("'" + k + "' is not a " + keyName + ": expected an integer from 0 to " + maxKey);
            }
            out.put(Integer.parseInt(k.strip()), (int) entry.integer(0, QosMapSchema.MAX_TC));
        }
        return out;
    }
}
