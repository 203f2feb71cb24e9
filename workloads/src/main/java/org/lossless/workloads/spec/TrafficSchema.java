package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.net.Dscp;
import org.lossless.core.net.MessageSize;
import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.SectionReader;

/**
 * The keys the flow, storage and datacenter workload schemas ({@link FlowsSchema}, {@link StorageSchema},
 * {@link DatacenterSchema}) share, declared once: {@code type}, {@code name}, {@code cc} (custom rows: read by
 * {@link WorkloadReader}), {@code priority}, {@code dscp}, {@code qps} and {@code start}; and the one way their
 * readers read a section (as written, then defaults from the schema).
 */
final class TrafficSchema {
    /** {@code priority}'s default text: it comes from {@code switch.pfc}, so the schema holds none. */
    static final String PRIORITY_DEFAULT = "first of `switch.pfc.priorities` (3)";

    private TrafficSchema() {
    }

    /** The {@code type} row of workload type {@code type}. */
    static Key type(String type) {
        return Key.custom("type", "`" + type + "`", "**required**", "the workload type");
    }

    /** The {@code name} row; the default is {@code <type>-<index>}. */
    static Key name(String type) {
        return Key.custom("name", "name (`[A-Za-z0-9._-]+`)", "`" + type + "-<index>`",
                "unique in the scenario; the `workload` column of `flows.csv`");
    }

    /** The {@code cc} row (read by {@link WorkloadReader}). */
    static Key cc() {
        return Key.custom("cc", String.join(" \\| ", CollectiveReader.ccValues().stream().map(s -> "`" + s + "`")
                .toList()), "`nic`", "congestion control of the workload's QPs; `nic` = the scenario's `nic.cc`");
    }

    static Key priority(String doc) {
        return Key.integer("priority", 0, 7, null, doc).defaultDoc(PRIORITY_DEFAULT);
    }

    static Key dscp(String doc) {
        return Key.integer("dscp", 0, 63, null, doc).defaultDoc("8 × `priority` (class selector: 24 for priority 3)");
    }

    static Key qps(String doc) {
        return Key.integer("qps", 1, WorkloadConfig.FlowSpec.MAX_QPS, 1, doc);
    }

    static Key start(String doc) {
        return Key.time("start", WorkloadConfig.FlowSpec.DEFAULT_START_PS, doc);
    }

    /**
     * A storage or datacenter type's keys: {@code head}, then {@code priority}, {@code dscp}, {@code qps} (when not
     * null) and {@code cc}, the order the types list them.
     */
    static Key[] keys(Key qps, Key... head) {
        List<Key> out = new ArrayList<>(List.of(head));
        out.add(priority("802.1p priority of all the workload's connections"));
        out.add(dscp("DSCP of all its packets, by which the switches classify them (`switch.qos_map`)"));
        if (qps != null) {
            out.add(qps);
        }
        out.add(cc());
        return out.toArray(Key[]::new);
    }

    /** A size &gt; 0 key, a message's ({@code example} in the message, e.g. {@code 1MB}). */
    static Key positiveSize(String name, Long dflt, String example, String doc) {
        return Key.size(name, dflt, doc).atLeast(MessageSize.MIN_BYTES, "must be > 0 bytes, e.g. " + example);
    }

    /** A time &gt; 0 key ({@code example} in the message, e.g. {@code 5ms}). */
    static Key positiveTime(String name, String example, String doc) {
        return Key.time(name, null, doc).atLeast(1, "must be > 0, e.g. " + example);
    }

    /**
     * The mapping at {@code w} (present) read through {@code s}, every absent key with a default set to it. A reader
     * calls it where it reads its first plain key, after the custom keys and the rules between keys it checks before,
     * so that a scenario with several problems still gets the first one the reader found before the schema.
     */
    static Values read(Cursor w, Section s) {
        return s.resolve(SectionReader.read(w, s));
    }

    /** {@code priority} as read, else {@code dflt} (the first lossless priority). */
    static int priority(Values v, int dflt) {
        Integer p = v.integer("priority");
        return p != null ? p : dflt;
    }

    /** {@code dscp} as read, else the class selector of {@code priority}. */
    static int dscp(Values v, int priority) {
        Integer d = v.integer("dscp");
        return d != null ? d : Dscp.ofPriority(priority);
    }

    /**
     * Values of {@code s} from name/value pairs ({@code "start", 0L, ...}; a null value is left out): what a workload
     * resolved to, for the resolved scenario's writer.
     */
    static Values values(Section s, Object... pairs) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return new Values(s, m);
    }

    /** A required key's value ({@code message} after "is required"). */
    static Object required(Cursor w, Values v, String key, String message) {
        if (!v.has(key)) {
            throw w.key(key).error("is required" + message);
        }
        return v.get(key);
    }
}
