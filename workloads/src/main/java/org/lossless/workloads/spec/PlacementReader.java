package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;

/**
 * Reads a job's {@code hosts}, its ranks as GPU numbers: {@code all} (default), a list ({@code [0, 4, 8]}), a
 * range ({@code "0-15"}, both ends included), or whole servers ({@code {servers: [0, 2]}}, {@code {servers: "0-3"}}
 * or {@code {servers: all}}: every GPU of those servers, server by server). GPUs are numbered server by server
 * ({@link WorkloadFabric#gpuLayout()}); with one GPU per NIC (every fabric without {@code gpus_per_server}, and
 * rail-optimized by default) GPU i is host i, and on a fabric of one-GPU hosts a server is a host. The order given
 * is the rank order.
 */
final class PlacementReader {
    private static final Pattern RANGE = Pattern.compile("\\s*(\\d+)\\s*-\\s*(\\d+)\\s*");

    private PlacementReader() {
    }

    static List<Integer> hosts(Cursor c, WorkloadFabric topology) {
        int n = topology.gpuCount();
        boolean gpus = topology.gpuLayout().gpusPerServer() != topology.gpuLayout().nicsPerServer();
        String what = gpus ? "GPU" : "host";
        List<Integer> out;
        if (!c.present()) {
            out = range(0, n - 1);
        } else if (c.isList()) {
            out = new ArrayList<>();
            for (Cursor item : c.list()) {
                int h = gpus ? gpu(item, topology) : WorkloadReader.host(item, topology);
                if (out.contains(h)) {
                    throw item.error(what + " " + h + " is listed twice");
                }
                out.add(h);
            }
        } else if (c.isScalar()) {
            String t = c.text("all, a list of " + what + " numbers or a range such as \"0-15\"");
            if (t.strip().equals("all")) {
                out = range(0, n - 1);
            } else {
                out = parseRange(c, t, n, what);
            }
        } else {
            c.object("servers");
            out = servers(c.key("servers"), topology);
        }
        if (out.size() < 2) {
            throw c.error("a collective needs at least 2 " + what + "s, got " + out.size());
        }
        return out;
    }

    /** A GPU number on a fabric whose servers have more GPUs than NICs. */
    private static int gpu(Cursor c, WorkloadFabric topology) {
        int n = topology.gpuCount();
        GpuServers s = topology.gpuLayout();
        long g;
        try {
            g = c.integer(Long.MIN_VALUE, Long.MAX_VALUE);
        } catch (ScenarioException e) {
            throw c.error("expected a GPU number from 0 to " + (n - 1) + ", got '" + c.text("a GPU number") + "'");
        }
        if (g < 0 || g >= n) {
            throw c.error("GPU " + g + " does not exist: the " + topology.type() + " topology has "
                    + topology.serverCount() + " servers x " + s.gpusPerServer() + " GPUs = " + n
                    + " GPUs, numbered 0 to " + (n - 1));
        }
        return (int) g;
    }

    private static List<Integer> servers(Cursor c, WorkloadFabric topology) {
        if (!c.present()) {
            throw c.error("is required: a list of server numbers, a range such as \"0-3\" or all");
        }
        int servers = topology.serverCount();
        int g = topology.gpuLayout().gpusPerServer();
        List<Integer> picked;
        if (c.isList()) {
            picked = c.distinctIntegers(0, servers - 1, "server");
        } else {
            String t = c.text("a list of server numbers, a range such as \"0-3\" or all");
            picked = t.strip().equals("all") ? range(0, servers - 1) : parseRange(c, t, servers, "server");
        }
        List<Integer> out = new ArrayList<>();
        for (int s : picked) {
            for (int r = 0; r < g; r++) {
                out.add(s * g + r);
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
