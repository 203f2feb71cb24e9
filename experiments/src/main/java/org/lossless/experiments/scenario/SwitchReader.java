package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.core.text.DidYouMean;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.lossless.core.settings.Values;
import org.lossless.switchmodel.settings.BufferSchema;
import org.lossless.workloads.yaml.SectionReader;
import org.lossless.switchmodel.settings.PfcSchema;
import org.lossless.switchmodel.settings.QosMapSchema;
import org.lossless.switchmodel.settings.SwitchSchema;
import org.lossless.switchmodel.settings.SwitchModel;

/**
 * Reads {@code switch} (keys: docs/scenario.md and docs/switch.md §5) and hands what it read to switch-model in one
 * call ({@link SwitchModel#of}), which builds the settings, resolves them and later the MMUs. The top-level plain
 * keys, {@code pfc} and the buffer profiles are read generically through their schemas ({@link SectionReader}:
 * names, ranges, did-you-mean, exit 2 with the key path) and handed over as values, never opened here but for the
 * cross-checks of other keys ({@code flow_control} against {@code pfc.enabled} and {@code pfc.priorities}); the
 * pools are read through {@link BufferSchema#POOL} and checked here (names, required keys) and handed over as values
 * too, and so are {@code ecn} ({@link EcnReader}; its order checks in switch-model), {@code scheduling}
 * ({@link SchedulingReader}: its {@code dwrr} row and the quantum's range here) and {@code qos_map}'s mappings (read
 * below), {@code trimming}, {@code llr} and {@code cbfc} ({@link FlowControlReader}: their custom rows and checks
 * there); {@code flow_control} is read there too. Every value is checked here with its key path; the settings records' own checks back this up (a refusal
 * is reported at the key path switch-model names, {@link SwitchModel.Refused#path()}).
 */
final class SwitchReader {
    private SwitchReader() {
    }

    static SwitchModel read(Cursor c) {
        Values read = SectionReader.read(c, SwitchSchema.SWITCH); // the plain keys; the others below
        Values top = read != null ? read : Values.empty(SwitchSchema.SWITCH); // no switch section: all defaults
        String profile = top.text("profile");
        if (top.has("cell_size")) {
            long v = top.number("cell_size");
            if (v < 1 || v > SwitchSchema.MAX_CELL) {
                throw c.key("cell_size").error(v + " is out of range: the buffer cell must be 1 to 65536 bytes, e.g. 96 or 256");
            }
        }
        List<Values> pools = pools(c.key("pools"));
        Values pfc = SectionReader.read(c.key("pfc"), PfcSchema.PFC); // switch-model makes the settings (below)
        List<Integer> lossless = FlowControlReader.lossless(c.key("flow_control"), pfc); // null: as given
        SwitchModel.Trimming trimming = FlowControlReader.trimming(c.key("trimming"));
        SwitchModel.Llr llr = FlowControlReader.llr(c.key("llr"));
        Values lossyPg = SectionReader.read(c.key("lossy_pg"), BufferSchema.PROFILE);
        Cursor queues = c.key("queues").object("lossless", "lossy");
        Values losslessQueue = SectionReader.read(queues.key("lossless"), BufferSchema.PROFILE);
        Values lossyQueue = SectionReader.read(queues.key("lossy"), BufferSchema.PROFILE);
        SwitchModel.Ecn ecn = EcnReader.read(c.key("ecn"));
        SwitchModel.QosMap qos = qosMap(c.key("qos_map"));
        SwitchModel.Scheduling scheduling = SchedulingReader.read(c.key("scheduling"));
        checkPools(c, pools, "hpcc2019".equals(profile));
        SwitchModel.Cbfc cbfc = build(c, () -> FlowControlReader.cbfc(c.key("flow_control"), c.key("cbfc")));
        try { // the one call into switch-model with what was read: it builds the settings and, later, the MMUs
            return SwitchModel.of(new SwitchModel.Read(top, pools, pfc, lossless, trimming, llr, lossyPg, losslessQueue,
                    lossyQueue, ecn, qos, scheduling, cbfc));
        } catch (SwitchModel.Refused e) {
            Cursor at = c;
            for (Object k : e.path()) {
                at = k instanceof Integer i ? at.list().get(i) : at.key((String) k);
            }
            throw at.error(e.getMessage());
        }
    }

    /** Runs a settings constructor; its message (rarely reached: the readers check first) gets the key path. */
    static <T> T build(Cursor c, Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw c.error(e.getMessage());
        }
    }

    /** {@code switch.pools} as read through {@link BufferSchema#POOL}, each checked here (switch-model builds them). */
    private static List<Values> pools(Cursor c) {
        if (!c.present()) {
            return null;
        }
        List<Values> out = new ArrayList<>();
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
            out.add(v);
        }
        return out;
    }

    /** Every pool a profile names must exist with the right type; the factory needs one pool of each type. */
    private static void checkPools(Cursor sw, List<Values> pools, boolean hpcc2019) {
        checkPool(sw.key("pfc").key("pool"), pools, "ingress");
        checkPool(sw.key("lossy_pg").key("pool"), pools, "ingress");
        checkPool(sw.key("queues").key("lossless").key("pool"), pools, "egress");
        checkPool(sw.key("queues").key("lossy").key("pool"), pools, "egress");
        if (pools != null && !hpcc2019) {
            for (String type : List.of("ingress", "egress")) {
                if (pools.stream().noneMatch(p -> p.text("type").equals(type))) {
                    throw sw.key("pools").error("no " + type + " pool: with explicit pools the switch needs at least "
                            + "one ingress and one egress pool");
                }
            }
        }
    }

    private static void checkPool(Cursor c, List<Values> pools, String type) {
        if (!c.present()) {
            return;
        }
        String name = c.text("a pool name");
        if (pools == null) {
            throw c.error("pool '" + name + "' is not defined: switch.pools is not set (remove this key to use the "
                    + "switch's implicit pools)");
        }
        List<String> names = new ArrayList<>();
        for (Values p : pools) {
            if (p.text("name").equals(name)) {
                if (!p.text("type").equals(type)) {
                    throw c.error("pool '" + name + "' is an " + p.text("type") + " pool; this profile needs an " + type
                            + " pool");
                }
                return;
            }
            names.add(p.text("name"));
        }
        throw c.error("no pool named '" + name + "'" + DidYouMean.hint(name, names) + " (pools: " + String.join(", ", names) + ")");
    }

    /** {@code switch.qos_map}'s mappings as read (switch-model makes the settings); null when absent. */
    private static SwitchModel.QosMap qosMap(Cursor c) {
        if (SectionReader.read(c, QosMapSchema.QOS_MAP) == null) {
            return null;
        }
        return new SwitchModel.QosMap(intMap(c.key("dscp_to_tc"), "DSCP value", QosMapSchema.MAX_DSCP),
                intMap(c.key("tc_to_pg"), "traffic class", QosMapSchema.MAX_TC),
                intMap(c.key("tc_to_queue"), "traffic class", QosMapSchema.MAX_TC));
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
