package org.lossless.experiments.scenario;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.PatternSyntaxException;

import org.lossless.core.text.DidYouMean;
import org.lossless.experiments.parallel.Partitioner;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;
import org.lossless.workloads.yaml.Cursor;

/**
 * Reads {@code engine} ({@link EngineSchema#ENGINE}): {@code partitions} as {@code auto}, a number, or a list of
 * partitions whose names and patterns are checked against the topology here, at load, so a bad cut is an error naming
 * the file and key path before anything runs. Patterns are the JDK's glob syntax ({@link FileSystems#getPathMatcher}).
 */
final class EngineReader {
    private static final String FORMS = "give auto, a number of partitions from 1 to " + EngineConfig.MAX_PARTITIONS
            + ", or a list of partitions, each a list of node names or patterns, e.g. [[tor0, agg0, \"h*\"], [\"tor1*\"]]";

    private static final String EVERY_SWITCH = "name every switch once; a host goes with the switch it is cabled to";

    private EngineReader() {
    }

    static EngineConfig read(Cursor c, Fabric fabric) {
        if (!c.present()) {
            return EngineConfig.AUTO;
        }
        c.object(EngineSchema.ENGINE.names());
        Cursor p = c.key("partitions");
        if (!p.present()) {
            return EngineConfig.AUTO;
        }
        if (p.isScalar()) {
            String text = p.text("a number of partitions or auto").strip();
            if (text.equals("auto")) {
                return EngineConfig.AUTO;
            }
            if (!text.matches("[+-]?\\d{1,18}")) {
                throw p.error("'" + org.lossless.core.text.Printable.of(text) + "': " + FORMS);
            }
            return EngineConfig.count((int) p.integer(1, EngineConfig.MAX_PARTITIONS));
        }
        if (!p.isList()) {
            throw p.error(FORMS + "; got " + p.describe());
        }
        return groups(p, fabric.topology());
    }

    /** The partitions listed in {@code p}, every node of {@code t} placed (a host with its switch). */
    private static EngineConfig groups(Cursor p, Topology t) {
        List<Cursor> entries = p.list();
        if (entries.isEmpty()) {
            throw p.error("an empty list: " + FORMS);
        }
        int n = t.nodes().size();
        int[] partOf = new int[n];
        Arrays.fill(partOf, -1);
        List<List<String>> written = new ArrayList<>();
        List<String> names = t.nodes().stream().map(Node::name).toList();
        for (int i = 0; i < entries.size(); i++) {
            Cursor entry = entries.get(i);
            List<Cursor> patterns = entry.isScalar() ? List.of(entry) : entry.list();
            if (patterns.isEmpty()) {
                throw entry.error("partition " + i + " names no node");
            }
            List<String> group = new ArrayList<>();
            for (Cursor name : patterns) {
                String pattern = name.text("a node name or a pattern");
                group.add(pattern);
                Predicate<String> matches = matcher(name, pattern);
                int matched = 0;
                for (Node node : t.nodes()) {
                    if (!matches.test(node.name())) {
                        continue;
                    }
                    matched++;
                    int before = partOf[node.id()];
                    if (before >= 0 && before != i) {
                        throw name.error("'" + pattern + "' puts node " + node.name() + " in partition " + i
                                + ", but partition " + before + " has it already: give each node one");
                    }
                    partOf[node.id()] = i;
                }
                if (matched == 0) {
                    throw name.error("'" + pattern + "' matches no node of the topology" + DidYouMean.hint(pattern, names));
                }
            }
            written.add(group);
        }
        return new EngineConfig(0, written, placeUnits(p, t, partOf));
    }

    /** Every node's partition: a node not named takes its unit's; a unit split or not placed at all is an error. */
    private static Map<String, Integer> placeUnits(Cursor p, Topology t, int[] partOf) {
        int[] unit = Partitioner.units(t);
        int n = unit.length;
        int[] named = new int[n]; // per unit: the first node named in it, or -1
        Arrays.fill(named, -1);
        for (int id = 0; id < n; id++) {
            if (partOf[id] < 0) {
                continue;
            }
            int first = named[unit[id]];
            if (first < 0) {
                named[unit[id]] = id;
            } else if (partOf[first] != partOf[id]) {
                throw p.error(t.node(first).name() + " (partition " + partOf[first] + ") and " + t.node(id).name()
                        + " (partition " + partOf[id] + ") must be in one partition: a host is never cut from the "
                        + "switch it is cabled to, nor a link whose delay plus the smallest frame's time is under "
                        + Partitioner.MIN_WINDOW_PS / 1000 + " ns");
            }
        }
        List<String> missing = new ArrayList<>(); // a switch of each unit placed nowhere (a node of it if none)
        boolean[] said = new boolean[n];
        for (boolean switches : new boolean[] {true, false}) {
            for (int id = 0; id < n; id++) {
                int u = unit[id];
                if (named[u] >= 0) {
                    partOf[id] = partOf[named[u]];
                } else if (!said[u] && t.node(id).isHost() != switches) {
                    said[u] = true;
                    missing.add(t.node(id).name());
                }
            }
        }
        if (missing.size() == 1) {
            String name = missing.get(0);
            throw p.error((t.findNode(name).orElseThrow().isHost() ? "node " : "switch ") + name + " is in no "
                    + "partition: " + EVERY_SWITCH);
        } else if (!missing.isEmpty()) {
            throw p.error(missing.size() + " switches are in no partition (" + String.join(", ", missing.subList(0,
                    Math.min(8, missing.size()))) + (missing.size() > 8 ? ", ..." : "") + "): " + EVERY_SWITCH);
        }
        Map<String, Integer> byName = new LinkedHashMap<>();
        for (int id = 0; id < n; id++) {
            byName.put(t.node(id).name(), partOf[id]);
        }
        return byName;
    }

    /** A test of node names against {@code pattern}: equality, or the JDK's glob when it has a glob character. */
    private static Predicate<String> matcher(Cursor c, String pattern) {
        if (pattern.chars().noneMatch(ch -> "*?[]{}\\".indexOf(ch) >= 0)) {
            return pattern::equals;
        }
        try {
            PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
            return name -> m.matches(Path.of(name));
        } catch (PatternSyntaxException e) {
            throw c.error("'" + pattern + "' is not a valid pattern: " + e.getDescription()
                    + " (use *, ?, [0-3] and {a,b})");
        }
    }
}
