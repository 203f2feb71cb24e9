package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.workloads.yaml.Cursor;

/**
 * Reads a list of hosts: {@code all}, one host number, a range {@code "1-32"} (both ends included), a
 * list of host numbers and ranges ({@code [0, "4-7", 12]}), or the NICs of whole servers
 * ({@code {servers: [0, 2]}}, {@code {servers: "0-3"}}: every NIC of each, server by server; a server is a host
 * on a fabric without GPU servers); every host must exist and appear once.
 */
final class HostLists {
    private static final Pattern RANGE = Pattern.compile("\\s*(\\d{1,9})\\s*-\\s*(\\d{1,9})\\s*");

    private HostLists() {
    }

    /** The hosts at {@code c}; {@code dflt} when absent (null: the key is required). */
    static List<Integer> read(Cursor c, WorkloadFabric topology, List<Integer> dflt, String example) {
        int n = topology.hostCount();
        if (!c.present()) {
            if (dflt == null) {
                throw c.error("is required: a list of host numbers, a range such as \"1-8\" or all, e.g. " + example);
            }
            return dflt;
        }
        if (c.isScalar() && "all".equals(c.scalar("hosts"))) {
            return all(n);
        }
        if (!c.isScalar() && !c.isList()) {
            c.object("servers");
            return serverNics(c.key("servers"), topology);
        }
        List<Cursor> items = c.isList() ? c.list() : List.of(c);
        if (items.isEmpty()) {
            throw c.error("needs at least one host");
        }
        List<Integer> out = new ArrayList<>();
        for (Cursor item : items) {
            if (!item.isScalar()) {
                throw item.error("expected a host number or a range such as \"1-8\", got " + item.describe());
            }
            Matcher m = RANGE.matcher(item.scalar("a host"));
            if (m.matches()) {
                int lo = Integer.parseInt(m.group(1));
                int hi = Integer.parseInt(m.group(2));
                if (lo > hi) {
                    throw item.error("range " + lo + "-" + hi + " is empty: write the lower host first");
                }
                if (hi >= n) {
                    throw item.error("host " + hi + " does not exist: the " + topology.type() + " topology has " + n
                            + " hosts, numbered 0 to " + (n - 1));
                }
                for (int h = lo; h <= hi; h++) {
                    add(out, h, item);
                }
            } else {
                add(out, WorkloadReader.host(item, topology), item);
            }
        }
        return out;
    }

    /** The NICs (hosts) of the servers listed at {@code c}, server by server. */
    private static List<Integer> serverNics(Cursor c, WorkloadFabric topology) {
        if (!c.present()) {
            throw c.error("is required: a list of server numbers, a range such as \"0-3\" or all");
        }
        int servers = topology.serverCount();
        int nics = topology.gpuLayout().nicsPerServer();
        List<Integer> picked;
        if (c.isScalar() && "all".equals(c.scalar("servers"))) {
            picked = all(servers);
        } else if (c.isScalar() && RANGE.matcher(c.scalar("servers")).matches()) {
            Matcher m = RANGE.matcher(c.scalar("servers"));
            m.matches();
            int lo = Integer.parseInt(m.group(1));
            int hi = Integer.parseInt(m.group(2));
            if (lo > hi || hi >= servers) {
                throw c.error("the range " + lo + "-" + hi + " is not within the " + servers + " servers, numbered 0 to "
                        + (servers - 1) + " (lower first)");
            }
            picked = new ArrayList<>();
            for (int s = lo; s <= hi; s++) {
                picked.add(s);
            }
        } else {
            picked = c.distinctIntegers(0, servers - 1, "server");
        }
        List<Integer> out = new ArrayList<>();
        for (int s : picked) {
            for (int k = 0; k < nics; k++) {
                out.add(s * nics + k);
            }
        }
        return out;
    }

    private static void add(List<Integer> out, int h, Cursor item) {
        if (out.contains(h)) {
            throw item.error("host " + h + " is listed twice");
        }
        out.add(h);
    }

    static List<Integer> all(int n) {
        List<Integer> out = new ArrayList<>(n);
        for (int h = 0; h < n; h++) {
            out.add(h);
        }
        return out;
    }

    /** Fails at {@code c} if a host of {@code b} is also in {@code a} (named {@code aKey}). */
    static void disjoint(Cursor c, List<Integer> a, String aKey, List<Integer> b) {
        for (int h : b) {
            if (a.contains(h)) {
                throw c.error("host " + h + " is also in " + aKey + "; a host cannot be on both sides");
            }
        }
    }
}
