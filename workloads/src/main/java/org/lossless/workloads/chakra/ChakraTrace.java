package org.lossless.workloads.chakra;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.Communicator;

/**
 * A Chakra trace directory read and checked: one {@link RankTrace} per rank and the communicators its collectives
 * use. A collective with a {@code pg_name} runs on that process group, whose ranks the scenario gives (as ASTRA-sim's
 * {@code --comm-group-configuration} does); one without runs on every rank of the job ({@code world}).
 *
 * <p>Checked before any simulation, each error naming the file and node: every group a node names is given and
 * holds that node's rank; every member of a group makes the same calls on it in the same order (operation and
 * size), and every send from a to b has its receive at b from a with the same size, in order. Without these the
 * executor would wait forever for a partner.
 *
 * @param ranks  per rank, its nodes
 * @param groups the communicators collectives run on, in order of first use ({@code world} first if used)
 * @param groupOf per rank and node, the index in {@code groups} of a collective's group, -1 for other nodes
 */
public record ChakraTrace(List<RankTrace> ranks, List<Communicator> groups, int[][] groupOf) {
    /** The name of the group of every rank, used by collectives that name none. */
    public static final String WORLD = "world";

    /**
     * Reads {@code dir}; {@code named}: the process groups the scenario gives (pg_name to ranks, each 0..N-1).
     * {@code expectedRanks}: the GPUs the job was given, or -1 when the trace sets them.
     */
    public static ChakraTrace read(Path dir, Map<String, int[]> named, int expectedRanks) {
        List<Path> files = TraceFiles.of(dir);
        int n = files.size();
        if (expectedRanks >= 0 && expectedRanks != n) {
            throw new TraceException(dir + " holds traces of " + n + " ranks (" + files.get(0).getFileName() + " to "
                    + files.get(n - 1).getFileName() + ") but the job is given " + expectedRanks + " hosts: give one "
                    + "host per rank");
        }
        for (Map.Entry<String, int[]> g : named.entrySet()) {
            for (int r : g.getValue()) {
                if (r < 0 || r >= n) {
                    throw new TraceException("process group '" + g.getKey() + "' holds rank " + r + ", but the trace "
                            + "has ranks 0 to " + (n - 1));
                }
            }
        }
        List<RankTrace> ranks = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            Path f = files.get(r);
            ranks.add(RankTrace.of(f.getFileName().toString(), TraceParser.read(f, r, n)));
        }
        Map<String, Integer> index = new LinkedHashMap<>();
        List<Communicator> groups = new ArrayList<>();
        int[][] groupOf = new int[n][];
        for (int r = 0; r < n; r++) {
            RankTrace t = ranks.get(r);
            groupOf[r] = new int[t.nodes().size()];
            for (int i = 0; i < groupOf[r].length; i++) {
                RawNode node = t.nodes().get(i);
                if (node.op() != NodeOp.COLLECTIVE) {
                    groupOf[r][i] = -1;
                    continue;
                }
                String g = node.group() == null ? WORLD : node.group();
                Integer k = index.get(g);
                if (k == null) {
                    int[] members = g.equals(WORLD) && !named.containsKey(WORLD) ? world(n) : named.get(g);
                    if (members == null) {
                        throw new TraceException(t.file() + ": " + node.describe() + ": process group '" + g
                                + "' is not given (key comm_groups: the ranks of every pg_name the trace uses)");
                    }
                    k = groups.size();
                    index.put(g, k);
                    groups.add(new Communicator(g, CommKind.OTHER, members));
                }
                if (groups.get(k).indexOf(r) < 0) {
                    throw new TraceException(t.file() + ": " + node.describe() + ": rank " + r + " calls a collective "
                            + "on process group '" + g + "', which does not hold it (ranks " + Arrays.toString(
                            groups.get(k).ranks()) + ")");
                }
                groupOf[r][i] = k;
            }
        }
        TraceMatch.check(ranks, groups, groupOf);
        return new ChakraTrace(List.copyOf(ranks), List.copyOf(groups), groupOf);
    }

    private static int[] world(int n) {
        int[] all = new int[n];
        for (int r = 0; r < n; r++) {
            all[r] = r;
        }
        return all;
    }

    /** Ranks of the job. */
    public int rankCount() {
        return ranks.size();
    }
}
