package org.lossless.topology.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The HPCC simulator's FCT output ({@code FCT_OUTPUT_FILE}): a line per finished flow,
 * {@code sip dip sport dport size start_ns fct_ns standalone_fct_ns}, addresses in hex. The simulator times a flow
 * from its start to its sender's last acknowledgement. Read to compare a run of the same flow file with the
 * simulator's, flow by flow ({@link #pair}).
 */
public final class HpccFctFile {
    private HpccFctFile() {
    }

    /**
     * A finished flow: source and destination hosts, payload bytes, start, completion time and ideal completion time,
     * ns (a Lossless flow is put in this form to be paired with HPCC's).
     */
    public record Flow(long src, long dst, long sizeBytes, double startNs, double fctNs, double idealNs) {
    }

    /** A flow of ours and HPCC's flow of the same file line. */
    public record Match(Flow ours, Flow theirs) {
        /** Our completion time over HPCC's. */
        public double ratio() {
            return ours.fctNs() / theirs.fctNs();
        }
    }

    /** The pairs, in our start order, and the flows of each side left without a partner. */
    public record Pairing(List<Match> matches, int onlyOurs, int onlyTheirs) {
        public Pairing {
            matches = List.copyOf(matches);
        }
    }

    public static List<Flow> read(Path file) throws IOException {
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
    }

    /** Parses the lines of an FCT file; blank lines are skipped, a line of fewer than eight fields is an error. */
    public static List<Flow> parse(List<String> lines, String source) {
        List<Flow> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).trim();
            if (l.isEmpty()) {
                continue;
            }
            String[] c = l.split("\\s+");
            try {
                if (c.length < 8) {
                    throw new IllegalArgumentException(c.length + " fields, 8 expected");
                }
                out.add(new Flow(hostOf(c[0]), hostOf(c[1]), Long.parseLong(c[4]), Double.parseDouble(c[5]),
                        Double.parseDouble(c[6]), Double.parseDouble(c[7])));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(source + ":" + (i + 1) + ": not an FCT line ("
                        + e.getMessage() + "): " + l, e);
            }
        }
        return out;
    }

    /**
     * The host number of an HPCC address in hex: the simulator's {@code node_id_to_ip} gives host {@code id} the
     * address {@code 0x0b000001 + (id / 256) * 0x10000 + (id % 256) * 0x100}, so {@code 0b010c01} is host 268.
     */
    public static long hostOf(String hexIp) {
        long ip = Long.parseLong(hexIp, 16);
        return ((ip >> 16) & 0xff) * 256 + ((ip >> 8) & 0xff);
    }

    /**
     * Pairs flow by flow: a flow is its (source, destination, size); among the flows with the same three, the k-th to
     * start on one side is the k-th on the other (both sides come from one flow file, which gives the start order).
     */
    public static Pairing pair(List<Flow> ours, List<Flow> theirs) {
        Map<List<Long>, ArrayDeque<Flow>> byKey = new HashMap<>();
        theirs.stream().sorted(Comparator.comparingDouble(Flow::startNs))
                .forEach(f -> byKey.computeIfAbsent(key(f), k -> new ArrayDeque<>()).add(f));
        List<Match> matches = new ArrayList<>();
        int onlyOurs = 0;
        for (Flow f : ours.stream().sorted(Comparator.comparingDouble(Flow::startNs)).toList()) {
            ArrayDeque<Flow> q = byKey.get(key(f));
            Flow h = q == null ? null : q.poll();
            if (h == null) {
                onlyOurs++;
            } else {
                matches.add(new Match(f, h));
            }
        }
        int onlyTheirs = byKey.values().stream().mapToInt(ArrayDeque::size).sum();
        return new Pairing(matches, onlyOurs, onlyTheirs);
    }

    private static List<Long> key(Flow f) {
        return List.of(f.src(), f.dst(), f.sizeBytes());
    }
}
