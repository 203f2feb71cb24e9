package org.lossless.experiments.scenario;

import org.lossless.core.settings.Values;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.SectionReader;
import org.lossless.core.text.DidYouMean;

import java.util.ArrayList;
import java.util.List;

import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * Reads {@code routing} through {@link RoutingSchema#ROUTING} and {@code failures} (key names from
 * {@link RoutingSchema#FAILURE}); failure nodes are checked against the topology.
 */
final class RoutingReader {
    private RoutingReader() {
    }

    static RoutingConfig routing(Cursor c) {
        Values written = SectionReader.read(c, RoutingSchema.ROUTING); // null when absent: every key defaults
        return RoutingSchema.settings(RoutingSchema.ROUTING.resolve(written == null
                ? Values.empty(RoutingSchema.ROUTING) : written));
    }

    static List<RoutingConfig.Failure> failures(Cursor c, Topology topology) {
        List<RoutingConfig.Failure> out = new ArrayList<>();
        if (!c.present()) {
            return out;
        }
        for (Cursor f : c.list()) {
            f.object(RoutingSchema.FAILURE.names());
            Cursor link = f.key("link");
            Cursor sw = f.key("switch");
            if (link.present() == sw.present()) {
                throw f.error("name either link: [a, b] or switch: NAME, e.g. {link: [leaf0, spine0], at: 1ms}");
            }
            Cursor at = f.key("at");
            if (!at.present()) {
                throw at.error("is required: when the failure happens, e.g. 1ms");
            }
            long atPs = at.timePs();
            Cursor upKey = f.key("up");
            long upPs = upKey.present() ? upKey.timePs() : -1;
            if (upPs != -1 && upPs <= atPs) {
                throw upKey.error("the repair time must be after 'at'");
            }
            if (sw.present()) {
                String name = sw.text("a switch name");
                Node n = node(sw, topology, name);
                if (n.isHost()) {
                    throw sw.error("'" + name + "' is a host; only switches fail as a whole (fail its link instead)");
                }
                out.add(new RoutingConfig.Failure(List.of(), name, atPs, upPs));
            } else {
                List<Cursor> ends = link.list();
                if (ends.size() != 2) {
                    throw link.error("a link is a list of its two end nodes, e.g. [leaf0, spine0]");
                }
                String a = ends.get(0).text("a node name");
                String b = ends.get(1).text("a node name");
                Node na = node(ends.get(0), topology, a);
                Node nb = node(ends.get(1), topology, b);
                if (topology.cablesBetween(na.id(), nb.id()).isEmpty()) {
                    throw link.error("there is no link between " + a + " and " + b);
                }
                out.add(new RoutingConfig.Failure(List.of(a, b), null, atPs, upPs));
            }
        }
        return out;
    }

    private static Node node(Cursor c, Topology t, String name) {
        return t.findNode(name).orElseThrow(() -> c.error("no node named '" + name + "'"
                + DidYouMean.hint(name, t.nodes().stream().map(Node::name).toList())));
    }
}
