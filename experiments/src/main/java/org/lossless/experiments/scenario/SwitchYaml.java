package org.lossless.experiments.scenario;

import org.lossless.core.units.Units;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;

import org.lossless.switchmodel.settings.BufferProfileSettings;
import org.lossless.switchmodel.settings.BufferSchema;
import org.lossless.switchmodel.settings.EcnSchema;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSchema;
import org.lossless.switchmodel.settings.PoolSettings;
import org.lossless.switchmodel.settings.QosMapSettings;
import org.lossless.switchmodel.settings.SchedulingSettings;
import org.lossless.switchmodel.settings.SwitchSettings;

/**
 * The {@code switch} section of {@code scenario.resolved.yaml}: every key of a {@link SwitchSettings} that
 * is set, in the order of docs/scenario.md, in canonical units. {@link SwitchReader} reads it back to an
 * equal value.
 */
final class SwitchYaml {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private SwitchYaml() {
    }

    static ObjectNode write(SwitchSettings s) {
        ObjectNode n = F.objectNode();
        str(n, "profile", s.profile());
        size(n, "buffer_size", s.bufferSize());
        size(n, "cell_size", s.cellSize() == null ? null : (long) s.cellSize());
        if (s.pools() != null) {
            ArrayNode pools = n.putArray("pools");
            for (PoolSettings p : s.pools()) {
                pools.add(SectionYaml.write(BufferSchema.values(p)));
            }
        }
        if (s.pfc() != null) {
            n.set("pfc", SectionYaml.write(PfcSchema.values(s.pfc())));
        }
        profile(n, "lossy_pg", s.lossyPg());
        if (s.losslessQueue() != null || s.lossyQueue() != null) {
            ObjectNode q = n.putObject("queues");
            profile(q, "lossless", s.losslessQueue());
            profile(q, "lossy", s.lossyQueue());
        }
        if (s.ecn() != null) {
            n.set("ecn", ecn(s.ecn()));
        }
        if (s.qosMap() != null) {
            QosMapSettings m = s.qosMap();
            ObjectNode q = n.putObject("qos_map");
            intMap(q, "dscp_to_tc", m.dscpToTc());
            intMap(q, "tc_to_pg", m.tcToPg());
            intMap(q, "tc_to_queue", m.tcToQueue());
        }
        SchedulingSettings sc = s.scheduling();
        if (sc != null) {
            ObjectNode o = n.putObject("scheduling");
            if (sc.strict() != null) {
                ArrayNode a = o.putArray("strict");
                sc.strict().forEach(a::add);
            }
            if (sc.dwrr() != null && !sc.dwrr().isEmpty()) {
                intMap(o, "dwrr", sc.dwrr());
            }
            if (sc.quantum() != null) {
                if (sc.quantum() == SchedulingSettings.AUTO) {
                    o.put("quantum", "auto");
                } else {
                    size(o, "quantum", sc.quantum());
                }
            }
        }
        time(n, "latency", s.latency());
        if (s.cutThrough() != null) {
            n.put("cut_through", s.cutThrough());
        }
        if (s.trimming() != null) {
            ObjectNode t = n.putObject("trimming");
            com.fasterxml.jackson.databind.node.ArrayNode a = t.putArray("priorities");
            s.trimming().priorities().forEach(a::add);
            size(t, "header", s.trimming().headerBytes());
        }
        if (s.llr() != null) {
            ObjectNode l = n.putObject("llr");
            l.put("enabled", s.llr().enabled());
            l.put("frame_error_rate", s.llr().frameErrorRate());
        }
        if (s.cbfc() != null) {
            ObjectNode c = n.putObject("cbfc");
            s.cbfc().priorities().forEach(c.putArray("priorities")::add);
            if (s.cbfc().credits() == null) {
                c.put("credits", "auto");
            } else {
                size(c, "credits", s.cbfc().credits());
            }
            time(c, "credit_delay", s.cbfc().creditDelayPs());
        }
        return n;
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

    private static void str(ObjectNode n, String key, String v) {
        if (v != null) {
            n.put(key, v);
        }
    }

    private static void integer(ObjectNode n, String key, Integer v) {
        if (v != null) {
            n.put(key, v);
        }
    }

    private static void size(ObjectNode n, String key, Long bytes) {
        if (bytes != null) {
            ResolvedYaml.quantity(n, key, Units.formatSize(bytes));
        }
    }

    private static void time(ObjectNode n, String key, Long ps) {
        if (ps != null) {
            ResolvedYaml.quantity(n, key, Units.formatTime(ps));
        }
    }
}
