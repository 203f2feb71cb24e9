package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.yaml.Cursor;

/**
 * Reads a job's {@code hosts}: {@code all} (default), a list of host numbers ({@code [0, 4, 8]}), a range
 * ({@code "0-15"}, both ends included), or whole GPU servers of a rail-optimized fabric
 * ({@code {servers: [0, 2]}} or {@code {servers: "0-3"}}: every GPU of those servers, server by server).
 * The order given is the rank order.
 */
final class PlacementReader {
    private static final Pattern RANGE = Pattern.compile("\\s*(\\d+)\\s*-\\s*(\\d+)\\s*");

    private PlacementReader() {
    }

    static List<Integer> hosts(Cursor c, WorkloadFabric topology) {
        int n = topology.hostCount();
        List<Integer> out;
        if (!c.present()) {
            out = range(0, n - 1);
        } else if (c.isList()) {
            out = new ArrayList<>();
            for (Cursor item : c.list()) {
                int h = WorkloadReader.host(item, topology);
                if (out.contains(h)) {
                    throw item.error("host " + h + " is listed twice");
                }
                out.add(h);
            }
        } else if (c.isScalar()) {
            String t = c.text("all, a list of host numbers or a range such as \"0-15\"");
            if (t.strip().equals("all")) {
                out = range(0, n - 1);
            } else {
                out = parseRange(c, t, n, "host");
            }
        } else {
            c.object("servers");
            out = servers(c.key("servers"), topology);
        }
        if (out.size() < 2) {
            throw c.error("a collective needs at least 2 hosts, got " + out.size());
        }
        return out;
    }

    private static List<Integer> servers(Cursor c, WorkloadFabric topology) {
        GpuServers rail = topology.gpuServers();
        if (rail == null) {
            throw c.error("placing a job by servers needs a rail-optimized topology (this one is " + topology.type()
                    + "); list host numbers instead, e.g. hosts: [0, 1, 2, 3]");
        }
        if (!c.present()) {
            throw c.error("is required: a list of server numbers or a range such as \"0-3\"");
        }
        int servers = topology.hostCount() / rail.gpusPerServer();
        List<Integer> picked;
        if (c.isList()) {
            picked = c.distinctIntegers(0, servers - 1, "server");
        } else {
            String t = c.text("a list of server numbers or a range such as \"0-3\"");
            picked = t.strip().equals("all") ? range(0, servers - 1) : parseRange(c, t, servers, "server");
        }
        List<Integer> out = new ArrayList<>();
        for (int s : picked) {
            for (int r = 0; r < rail.gpusPerServer(); r++) {
                out.add(s * rail.gpusPerServer() + r);
            }
        }
        return out;
    }

    private static List<Integer> parseRange(Cursor c, String text, int count, String what) {
        Matcher m = RANGE.matcher(text);
        if (!m.matches()) {
            throw c.error("expected all, a list or a range such as \"0-15\", got '" + text + "'");
        }
        long a;
        long b;
        try {
            a = Long.parseLong(m.group(1));
            b = Long.parseLong(m.group(2));
        } catch (NumberFormatException e) {
            throw c.error("'" + text + "' is out of range");
        }
        if (a > b) {
            throw c.error("the range '" + text + "' is empty: write the lower " + what + " first");
        }
        if (b >= count) {
            throw c.error(what + " " + b + " does not exist: there are " + count + " " + what + "s, numbered 0 to "
                    + (count - 1));
        }
        return range((int) a, (int) b);
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> out = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            out.add(i);
        }
        return out;
    }
}
