package org.lossless.verbs.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.lossless.core.units.Units;
import org.lossless.verbs.VerbsException;

/**
 * The hosts file of {@code lossless replay plan} (docs/verbs-validation.md): which lab host plays each
 * scenario host, how to reach it, and its RDMA device, port, GID index, interface, link rate and DSCP map.
 *
 * <pre>
 * ssh: {port: 22, identity: keys/lab, known_hosts: keys/known_hosts, connect_timeout: 10s}
 * defaults: {user: root, device: mlx5_0, ib_port: 1, gid_index: 3, netdev: ens1f0, link_rate: 100Gbps}
 * perftest_port: 18515
 * dscp: {3: 26}
 * hosts:
 *   0: {name: node-a, ssh: node-a.lab, address: 192.168.10.1}
 *   1: {name: node-b, ssh: node-b.lab, address: 192.168.10.2, netdev: ens2f0}
 * </pre>
 *
 * Every problem is a {@link VerbsException} naming the file and the key path.
 *
 * @param hosts        scenario host number to its lab host
 * @param ssh          how to reach them
 * @param perftestPort first TCP port of perftest's out-of-band exchange (one per server process)
 * @param mpirunArgs   extra arguments of {@code mpirun} for nccl-tests (e.g. {@code --allow-run-as-root})
 * @param ncclEnv      extra NCCL environment for nccl-tests (e.g. {@code NCCL_SOCKET_IFNAME}), name to value
 * @param switches     SONiC switches whose counters are read before and after the run
 */
public record HostsFile(Map<Integer, LabHost> hosts, SshSettings ssh, int perftestPort, List<String> mpirunArgs,
                        Map<String, String> ncclEnv, List<LabSwitch> switches) {
    private static final Set<String> TOP = Set.of("ssh", "defaults", "hosts", "perftest_port", "dscp", "tools",
            "mpirun_args", "nccl_env", "switches");
    private static final Set<String> SSH = Set.of("port", "identity", "known_hosts", "connect_timeout", "strict_host_keys");
    private static final Set<String> HOST = Set.of("name", "ssh", "user", "address", "device", "ib_port", "gid_index",
            "netdev", "link_rate", "dscp", "tools", "nvme", "nvme_writes");
    private static final YAMLMapper YAML = new YAMLMapper();

    public HostsFile {
        hosts = java.util.Collections.unmodifiableMap(new TreeMap<>(hosts));
        mpirunArgs = List.copyOf(mpirunArgs);
        ncclEnv = java.util.Collections.unmodifiableMap(new TreeMap<>(ncclEnv));
        switches = List.copyOf(switches);
    }

    public static HostsFile read(Path file, String display) {
        String text;
        try {
            text = org.lossless.verbs.io.InputFiles.readString(file);
        } catch (NoSuchFileException e) {
            throw new VerbsException(display + ": no such file");
        } catch (org.lossless.verbs.io.InputFiles.NotReadable e) {
            throw new VerbsException(display + ": " + e.getMessage());
        } catch (IOException e) {
            throw new VerbsException(display + ": cannot be read: " + e.getMessage());
        }
        JsonNode root;
        try {
            root = YAML.readTree(text);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new VerbsException(display + ":" + line + ": malformed YAML: " + e.getOriginalMessage());
        }
        return parse(root, display, file.toAbsolutePath().getParent());
    }

    static HostsFile parse(JsonNode root, String file, Path baseDir) {
        Reader r = new Reader(file, baseDir);
        if (root == null || !root.isObject()) {
            throw new VerbsException(file + ": expected a mapping with 'hosts:'");
        }
        r.keys(root, "", TOP);
        SshSettings ssh = r.ssh(root.get("ssh"));
        Map<String, JsonNode> defaults = new LinkedHashMap<>();
        JsonNode d = root.get("defaults");
        if (d != null) {
            r.keys(d, "defaults", HOST);
            d.fields().forEachRemaining(e -> defaults.put(e.getKey(), e.getValue()));
        }
        if (root.has("dscp")) {
            defaults.putIfAbsent("dscp", root.get("dscp"));
        }
        if (root.has("tools")) {
            defaults.putIfAbsent("tools", root.get("tools"));
        }
        int port = root.has("perftest_port") ? r.integer(root.get("perftest_port"), "perftest_port", 1024, 65000) : 18515;
        JsonNode hostsNode = root.get("hosts");
        if (hostsNode == null || !hostsNode.isObject() || hostsNode.isEmpty()) {
            throw new VerbsException(file + ": hosts: required, a mapping from scenario host number to a lab host");
        }
        Map<Integer, LabHost> hosts = new TreeMap<>();
        Map<String, LabHost> byIdentity = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = hostsNode.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String path = "hosts." + e.getKey();
            if (!e.getKey().matches("\\d{1,6}")) {
                throw new VerbsException(file + ": " + path + ": a key of 'hosts' is a scenario host number (0, 1, ...)");
            }
            int number = Integer.parseInt(e.getKey());
            if (!e.getValue().isObject()) {
                throw new VerbsException(file + ": " + path + ": expected a mapping such as {ssh: node-a, address: 10.0.0.1}");
            }
            r.keys(e.getValue(), path, HOST);
            Map<String, JsonNode> merged = new LinkedHashMap<>(defaults);
            e.getValue().fields().forEachRemaining(f -> merged.put(f.getKey(), f.getValue()));
            LabHost h = r.host(number, merged, path);
            String identity = h.ssh() + "|" + h.device() + "|" + h.ibPort();
            LabHost twin = byIdentity.get(identity);
            if (twin != null) {
                throw new VerbsException(file + ": " + path + ": scenario hosts " + twin.scenarioHosts().get(0) + " and "
                        + number + " map to the same lab host, device and port (" + h.ssh() + " " + h.device() + " port "
                        + h.ibPort() + "); loopback replay is not supported");
            }
            for (LabHost other : byIdentity.values()) {
                if (other.name().equals(h.name())) {
                    throw new VerbsException(file + ": " + path + ".name: '" + h.name() + "' is already the name of scenario host "
                            + other.scenarioHosts().get(0) + "'s lab host");
                }
            }
            byIdentity.put(identity, h);
            hosts.put(number, h);
        }
        List<LabSwitch> switches = SwitchesSection.read(root.get("switches"), file, byIdentity.values());
        return new HostsFile(hosts, ssh, port, r.strings(root.get("mpirun_args"), "mpirun_args"),
                r.env(root.get("nccl_env"), "nccl_env"), switches);
    }

    /** Reads values with messages naming the file and key path. */
    private record Reader(String file, Path baseDir) {
        void keys(JsonNode node, String path, Set<String> allowed) {
            if (!node.isObject()) {
                throw new VerbsException(file + ": " + (path.isEmpty() ? "top level" : path) + ": expected a mapping");
            }
            node.fieldNames().forEachRemaining(k -> {
                if (!allowed.contains(k)) {
                    throw new VerbsException(file + ": " + (path.isEmpty() ? k : path + "." + k) + ": unknown key; allowed: "
                            + String.join(", ", new java.util.TreeSet<>(allowed)));
                }
            });
        }

        SshSettings ssh(JsonNode n) {
            if (n == null) {
                return SshSettings.defaults();
            }
            keys(n, "ssh", SSH);
            int port = n.has("port") ? integer(n.get("port"), "ssh.port", 1, 65535) : 0;
            String identity = n.has("identity") ? path(n.get("identity"), "ssh.identity") : null;
            String known = n.has("known_hosts") ? path(n.get("known_hosts"), "ssh.known_hosts") : null;
            int timeout = 10;
            if (n.has("connect_timeout")) {
                long ps = time(n.get("connect_timeout"), "ssh.connect_timeout");
                timeout = (int) Math.max(1, ps / 1_000_000_000_000L);
            }
            String strict = n.has("strict_host_keys") ? n.get("strict_host_keys").asText() : "yes";
            if (!strict.equals("yes") && !strict.equals("accept-new")) {
                throw new VerbsException(file + ": ssh.strict_host_keys: must be yes or accept-new, got '" + strict + "'");
            }
            return new SshSettings(port, identity, known, timeout, strict);
        }

        LabHost host(int number, Map<String, JsonNode> v, String path) {
            String ssh = text(v, "ssh", path, true);
            String problem = Names.hostProblem(ssh);
            if (problem != null) {
                throw new VerbsException(file + ": " + path + ".ssh: " + problem);
            }
            String user = text(v, "user", path, false);
            if (user != null && Names.userProblem(user) != null) {
                throw new VerbsException(file + ": " + path + ".user: " + Names.userProblem(user));
            }
            String address = v.containsKey("address") ? text(v, "address", path, true) : ssh;
            if (Names.hostProblem(address) != null) {
                throw new VerbsException(file + ": " + path + ".address: " + Names.hostProblem(address));
            }
            String name = v.containsKey("name") ? label(v, "name", path) : ssh;
            if (Names.labelProblem(name) != null) {
                throw new VerbsException(file + ": " + path + ".name: " + Names.labelProblem(name));
            }
            String device = label(v, "device", path);
            String netdev = label(v, "netdev", path);
            int ibPort = v.containsKey("ib_port") ? integer(v.get("ib_port"), path + ".ib_port", 1, 255) : 1;
            if (!v.containsKey("gid_index")) {
                throw new VerbsException(file + ": " + path + ".gid_index: required (the RoCEv2 GID index, see show_gids;"
                        + " often 3 on mlx5), here or in defaults");
            }
            int gid = integer(v.get("gid_index"), path + ".gid_index", 0, 255);
            long rate = v.containsKey("link_rate") ? rate(v.get("link_rate"), path + ".link_rate") : 0;
            Map<Integer, Integer> dscp = new TreeMap<>();
            JsonNode dn = v.get("dscp");
            if (dn != null) {
                if (!dn.isObject()) {
                    throw new VerbsException(file + ": " + path + ".dscp: expected a mapping priority: DSCP, e.g. {3: 26}");
                }
                Iterator<Map.Entry<String, JsonNode>> it = dn.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getKey().matches("[0-7]")) {
                        throw new VerbsException(file + ": " + path + ".dscp." + e.getKey() + ": a priority is 0..7");
                    }
                    dscp.put(Integer.parseInt(e.getKey()), integer(e.getValue(), path + ".dscp." + e.getKey(), 0, 63));
                }
            }
            Map<String, String> tools = new TreeMap<>();
            JsonNode tn = v.get("tools");
            if (tn != null) {
                if (!tn.isObject()) {
                    throw new VerbsException(file + ": " + path + ".tools: expected a mapping tool: path");
                }
                Iterator<Map.Entry<String, JsonNode>> it = tn.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (Names.labelProblem(e.getKey()) != null) {
                        throw new VerbsException(file + ": " + path + ".tools." + e.getKey() + ": " + Names.labelProblem(e.getKey()));
                    }
                    tools.put(e.getKey(), path(e.getValue(), path + ".tools." + e.getKey()));
                }
            }
            Map<Integer, String> nvme = new TreeMap<>();
            JsonNode nn = v.get("nvme");
            if (nn != null) {
                if (!nn.isObject()) {
                    throw new VerbsException(file + ": " + path + ".nvme: expected a mapping target host: block device,"
                            + " e.g. {1: /dev/nvme1n1}");
                }
                Iterator<Map.Entry<String, JsonNode>> it = nn.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getKey().matches("\\d{1,6}")) {
                        throw new VerbsException(file + ": " + path + ".nvme." + e.getKey() + ": a key is the scenario host"
                                + " number of an NVMe-oF target");
                    }
                    String dev = path(e.getValue(), path + ".nvme." + e.getKey());
                    if (!dev.startsWith("/dev/")) {
                        throw new VerbsException(file + ": " + path + ".nvme." + e.getKey() + ": '" + dev + "' is not a"
                                + " block device path (/dev/...)");
                    }
                    nvme.put(Integer.parseInt(e.getKey()), dev);
                }
            }
            boolean writes = false;
            if (v.containsKey("nvme_writes")) {
                JsonNode w = v.get("nvme_writes");
                if (!w.isBoolean()) {
                    throw new VerbsException(file + ": " + path + ".nvme_writes: must be true or false, got '" + w.asText() + "'");
                }
                writes = w.asBoolean();
            }
            return new LabHost(name, List.of(number), ssh, user, address, device, ibPort, gid, netdev, rate, dscp, tools,
                    nvme, writes);
        }

        private String text(Map<String, JsonNode> v, String key, String path, boolean required) {
            JsonNode n = v.get(key);
            if (n == null || n.isNull()) {
                if (required) {
                    throw new VerbsException(file + ": " + path + "." + key + ": required, here or in defaults");
                }
                return null;
            }
            if (!n.isValueNode()) {
                throw new VerbsException(file + ": " + path + "." + key + ": expected a single value");
            }
            return n.asText();
        }

        private String label(Map<String, JsonNode> v, String key, String path) {
            String s = text(v, key, path, true);
            if (Names.labelProblem(s) != null) {
                throw new VerbsException(file + ": " + path + "." + key + ": " + Names.labelProblem(s));
            }
            return s;
        }

        int integer(JsonNode n, String path, int min, int max) {
            if (n == null || !n.canConvertToInt() || !n.isIntegralNumber() || n.asInt() < min || n.asInt() > max) {
                throw new VerbsException(file + ": " + path + ": must be an integer " + min + ".." + max + ", got '"
                        + (n == null ? "" : n.asText()) + "'");
            }
            return n.asInt();
        }

        List<String> strings(JsonNode n, String path) {
            if (n == null) {
                return List.of();
            }
            if (!n.isArray()) {
                throw new VerbsException(file + ": " + path + ": expected a list of arguments, e.g. [--allow-run-as-root]");
            }
            List<String> out = new ArrayList<>();
            for (JsonNode e : n) {
                if (!e.isValueNode()) {
                    throw new VerbsException(file + ": " + path + ": every entry must be a single argument");
                }
                out.add(e.asText());
            }
            return out;
        }

        Map<String, String> env(JsonNode n, String path) {
            Map<String, String> out = new TreeMap<>();
            if (n == null) {
                return out;
            }
            if (!n.isObject()) {
                throw new VerbsException(file + ": " + path + ": expected a mapping NAME: value");
            }
            Iterator<Map.Entry<String, JsonNode>> it = n.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getKey().matches("[A-Z_][A-Z0-9_]{0,63}")) {
                    throw new VerbsException(file + ": " + path + "." + e.getKey() + ": not an environment variable name"
                            + " (upper-case letters, digits, '_')");
                }
                if (!e.getValue().isValueNode()) {
                    throw new VerbsException(file + ": " + path + "." + e.getKey() + ": expected a single value");
                }
                out.put(e.getKey(), e.getValue().asText());
            }
            return out;
        }

        String path(JsonNode n, String path) {
            String s = n.asText();
            if (Names.pathProblem(s) != null) {
                throw new VerbsException(file + ": " + path + ": " + Names.pathProblem(s));
            }
            if (!s.startsWith("/") && !s.startsWith("~") && baseDir != null && path.startsWith("ssh.")) {
                return baseDir.resolve(s).normalize().toString();
            }
            return s;
        }

        long time(JsonNode n, String path) {
            try {
                return n.isIntegralNumber() ? n.asLong() * 1_000_000_000_000L : Units.parseTime(n.asText());
            } catch (IllegalArgumentException e) {
                throw new VerbsException(file + ": " + path + ": " + e.getMessage());
            }
        }

        long rate(JsonNode n, String path) {
            try {
                return Units.parseRate(n.asText());
            } catch (IllegalArgumentException e) {
                throw new VerbsException(file + ": " + path + ": " + e.getMessage());
            }
        }
    }

    /** Lab hosts in scenario-host order, each once. */
    public List<LabHost> labHosts() {
        return new ArrayList<>(hosts.values());
    }
}
