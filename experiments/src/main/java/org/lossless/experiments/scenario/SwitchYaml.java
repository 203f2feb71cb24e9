package org.lossless.experiments.scenario;

import org.lossless.core.units.Units;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.settings.Values;
import org.lossless.switchmodel.settings.BufferProfileSettings;
import org.lossless.switchmodel.settings.BufferSchema;
import org.lossless.switchmodel.settings.EcnSchema;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSchema;
import org.lossless.switchmodel.settings.PoolSettings;
import org.lossless.switchmodel.settings.QosMapSchema;
import org.lossless.switchmodel.settings.QosMapSettings;
import org.lossless.switchmodel.settings.SchedulingSchema;
import org.lossless.switchmodel.settings.SchedulingSettings;
import org.lossless.switchmodel.settings.SwitchSchema;
import org.lossless.switchmodel.settings.SwitchSettings;

/**
 * The {@code switch} section of {@code scenario.resolved.yaml}: every key of a {@link SwitchSettings} that
 * is set, in the order of docs/scenario.md, in canonical units. The plain top-level keys and the schema sections
 * ({@code pfc}, {@code ecn}, the buffer profiles, {@code qos_map}, {@code scheduling}, {@code trimming}, {@code llr},
 * {@code cbfc}) are written from their schemas ({@link SectionYaml}); the custom rows of {@link SwitchSchema#SWITCH}
 * and of those sections by the writers below, in the schemas' order. {@link SwitchReader}
 * reads it back to an equal value.
 */
final class SwitchYaml {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private SwitchYaml() {
    }

    static ObjectNode write(SwitchSettings s) {
        ObjectNode n = F.objectNode();
        Map<String, Runnable> custom = new HashMap<>(); // the nested sections, in SwitchSchema.SWITCH's order
        custom.put("pools", () -> pools(n, s.pools()));
        custom.put("pfc", () -> {
            if (s.pfc() != null) {
                n.set("pfc", SectionYaml.write(PfcSchema.values(s.pfc())));
            }
        });
        custom.put("lossy_pg", () -> profile(n, "lossy_pg", s.lossyPg()));
        custom.put("queues", () -> {
            if (s.losslessQueue() != null || s.lossyQueue() != null) {
                ObjectNode q = n.putObject("queues");
                profile(q, "lossless", s.losslessQueue());
                profile(q, "lossy", s.lossyQueue());
            }
        });
        custom.put("ecn", () -> {
            if (s.ecn() != null) {
                n.set("ecn", ecn(s.ecn()));
            }
        });
        custom.put("qos_map", () -> qosMap(n, s.qosMap()));
        custom.put("scheduling", () -> scheduling(n, s.scheduling()));
        custom.put("trimming", () -> {
            if (s.trimming() != null) {
                ObjectNode t = n.putObject("trimming");
                SectionYaml.write(SwitchSchema.values(s.trimming()), t,
                        Map.of("priorities", () -> s.trimming().priorities().forEach(t.putArray("priorities")::add)));
            }
        });
        custom.put("llr", () -> {
            if (s.llr() != null) {
                ObjectNode l = n.putObject("llr");
                SectionYaml.write(SwitchSchema.values(s.llr()), l,
                        Map.of("frame_error_rate", () -> l.put("frame_error_rate", s.llr().frameErrorRate())));
            }
        });
        custom.put("cbfc", () -> {
            if (s.cbfc() != null) {
                n.set("cbfc", SectionYaml.write(SwitchSchema.values(s.cbfc())));
            }
        });
        SectionYaml.write(SwitchSchema.values(s), n, custom);
        return n;
    }

    private static void pools(ObjectNode n, List<PoolSettings> pools) {
        if (pools != null) {
            ArrayNode a = n.putArray("pools");
            for (PoolSettings p : pools) {
                a.add(SectionYaml.write(BufferSchema.values(p)));
            }
        }
    }

    /** {@code switch.qos_map} from {@link QosMapSchema#QOS_MAP}: its three mappings are custom rows, written here. */
    private static void qosMap(ObjectNode n, QosMapSettings m) {
        if (m != null) {
            ObjectNode q = n.putObject("qos_map");
            SectionYaml.write(Values.empty(QosMapSchema.QOS_MAP), q, Map.of(
                    "dscp_to_tc", () -> intMap(q, "dscp_to_tc", m.dscpToTc()),
                    "tc_to_pg", () -> intMap(q, "tc_to_pg", m.tcToPg()),
                    "tc_to_queue", () -> intMap(q, "tc_to_queue", m.tcToQueue())));
        }
    }

    /** {@code switch.scheduling} from {@link SchedulingSchema#SCHEDULING}; {@code dwrr} (custom) written when not empty. */
    private static void scheduling(ObjectNode n, SchedulingSettings sc) {
        if (sc != null) {
            ObjectNode o = n.putObject("scheduling");
            SectionYaml.write(SchedulingSchema.values(sc), o, Map.of("dwrr", () -> {
                if (sc.dwrr() != null && !sc.dwrr().isEmpty()) {
                    intMap(o, "dwrr", sc.dwrr());
                }
            }));
        }
    }

    private static ObjectNode ecn(EcnSettings e) {
        ObjectNode n = SectionYaml.write(EcnSchema.values(e));
        if (e.byRate() != null) {
            ObjectNode r = n.putObject("by_rate");
            for (Map.Entry<Long, EcnSettings.Rate> x : e.byRate().entrySet()) {
                r.set(Units.formatRate(x.getKey()), SectionYaml.write(EcnSchema.values(x.getValue())));
            }
        }
        return n;
    }

    private static void profile(ObjectNode parent, String key, BufferProfileSettings b) {
        if (b == null) {
            return;
        }
        parent.set(key, SectionYaml.write(BufferSchema.values(b)));
    }

    private static void intMap(ObjectNode parent, String key, Map<Integer, Integer> m) {
        if (m == null) {
            return;
        }
        ObjectNode n = parent.putObject(key);
        m.forEach((k, v) -> n.put(Integer.toString(k), v));
    }
}
