package org.lossless.verbs.plan;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.lossless.verbs.VerbsException;

/**
 * The hosts file's {@code switches} section: SONiC switches whose counters the replay reads before and after.
 *
 * <pre>
 * switches:
 *   leaf0: {ssh: leaf0.lab, user: admin, node: s0, ports: {Ethernet0: 0, Ethernet4: 1}}
 * </pre>
 */
final class SwitchesSection {
    private static final Set<String> KEYS = Set.of("ssh", "user", "node", "ports", "tools");

    private SwitchesSection() {
    }

    static List<LabSwitch> read(JsonNode n, String file, Collection<LabHost> hosts) {
        List<LabSwitch> out = new ArrayList<>();
        if (n == null) {
            return out;
        }
        if (!n.isObject()) {
            throw new VerbsException(file + ": switches: expected a mapping name: {ssh: ..., node: ..., ports: {...}}");
        }
        Iterator<Map.Entry<String, JsonNode>> it = n.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String path = "switches." + e.getKey();
            if (Names.labelProblem(e.getKey()) != null) {
                throw new VerbsException(file + ": " + path + ": " + Names.labelProblem(e.getKey()));
            }
            for (LabHost h : hosts) {
                if (h.name().equals(e.getKey())) {
                    throw new VerbsException(file + ": " + path + ": '" + e.getKey() + "' is already the name of a lab host");
                }
            }
            JsonNode v = e.getValue();
            if (!v.isObject()) {
                throw new VerbsException(file + ": " + path + ": expected a mapping such as {ssh: leaf0.lab, user: admin}");
            }
            v.fieldNames().forEachRemaining(k -> {
                if (!KEYS.contains(k)) {
                    throw new VerbsException(file + ": " + path + "." + k + ": unknown key; allowed: node, ports, ssh, tools, user");
                }
            });
            String ssh = text(v, "ssh", file, path);
            if (ssh == null) {
                throw new VerbsException(file + ": " + path + ".ssh: required (the switch's management address)");
            }
            if (Names.hostProblem(ssh) != null) {
                throw new VerbsException(file + ": " + path + ".ssh: " + Names.hostProblem(ssh));
            }
            String user = text(v, "user", file, path);
            if (user != null && Names.userProblem(user) != null) {
                throw new VerbsException(file + ": " + path + ".user: " + Names.userProblem(user));
            }
            String node = text(v, "node", file, path);
            if (node != null && Names.labelProblem(node) != null) {
                throw new VerbsException(file + ": " + path + ".node: " + Names.labelProblem(node));
            }
            out.add(new LabSwitch(e.getKey(), ssh, user, node, ports(v.get("ports"), file, path + ".ports"),
                    tools(v.get("tools"), file, path + ".tools")));
        }
        return out;
    }

    private static String text(JsonNode v, String key, String file, String path) {
        JsonNode n = v.get(key);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isValueNode()) {
            throw new VerbsException(file + ": " + path + "." + key + ": expected a single value");
        }
        return n.asText();
    }

    private static Map<String, String> tools(JsonNode n, String file, String path) {
        Map<String, String> out = new TreeMap<>();
        if (n == null) {
            return out;
        }
        if (!n.isObject()) {
            throw new VerbsException(file + ": " + path + ": expected a mapping tool: path, e.g. {show: /usr/local/bin/show}");
        }
        Iterator<Map.Entry<String, JsonNode>> it = n.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String problem = Names.labelProblem(e.getKey());
            if (problem == null) {
                problem = Names.pathProblem(e.getValue().asText());
            }
            if (problem != null || !e.getValue().isValueNode()) {
                throw new VerbsException(file + ": " + path + "." + e.getKey() + ": " + (problem != null ? problem
                        : "expected a path"));
            }
            out.put(e.getKey(), e.getValue().asText());
        }
        return out;
    }

    private static Map<String, Integer> ports(JsonNode n, String file, String path) {
        Map<String, Integer> out = new TreeMap<>();
        if (n == null) {
            return out;
        }
        if (!n.isObject()) {
            throw new VerbsException(file + ": " + path + ": expected a mapping switch port: simulated port number,"
                    + " e.g. {Ethernet0: 0}");
        }
        Iterator<Map.Entry<String, JsonNode>> it = n.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (Names.labelProblem(e.getKey()) != null) {
                throw new VerbsException(file + ": " + path + "." + e.getKey() + ": " + Names.labelProblem(e.getKey()));
            }
            if (!e.getValue().isIntegralNumber() || e.getValue().asInt() < 0) {
                throw new VerbsException(file + ": " + path + "." + e.getKey() + ": must be a port number >= 0, got '"
                        + e.getValue().asText() + "'");
            }
            out.put(e.getKey(), e.getValue().asInt());
        }
        return out;
    }
}
