package org.lossless.workloads.chakra;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lossless.workloads.training.Communicator;

/**
 * Checks that the ranks' communication nodes pair up as the executor pairs them: the k-th call on a group is the
 * same operation and size on every member, and the k-th send from a to b meets the k-th receive at b from a with
 * the same size. The first mismatch is named with both files and nodes.
 */
final class TraceMatch {
    private TraceMatch() {
    }

    private record Site(int rank, RawNode node) {
    }

    static void check(List<RankTrace> ranks, List<Communicator> groups, int[][] groupOf) {
        // per group, per member: its calls in order
        List<Map<Integer, List<RawNode>>> calls = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            calls.add(new HashMap<>());
        }
        Map<Long, List<Site>> sends = new HashMap<>();
        Map<Long, List<Site>> recvs = new HashMap<>();
        int n = ranks.size();
        for (int r = 0; r < n; r++) {
            List<RawNode> nodes = ranks.get(r).nodes();
            for (int i = 0; i < nodes.size(); i++) {
                RawNode node = nodes.get(i);
                if (node.op() == NodeOp.COLLECTIVE) {
                    calls.get(groupOf[r][i]).computeIfAbsent(r, k -> new ArrayList<>()).add(node);
                } else if (node.op() == NodeOp.SEND) {
                    sends.computeIfAbsent((long) r * n + node.peer(), k -> new ArrayList<>()).add(new Site(r, node));
                } else if (node.op() == NodeOp.RECV) {
                    recvs.computeIfAbsent((long) node.peer() * n + r, k -> new ArrayList<>()).add(new Site(r, node));
                }
            }
        }
        for (int g = 0; g < groups.size(); g++) {
            Communicator c = groups.get(g);
            int first = c.rank(0);
            List<RawNode> ref = calls.get(g).getOrDefault(first, List.of());
            for (int m = 1; m < c.size(); m++) {
                int r = c.rank(m);
                List<RawNode> mine = calls.get(g).getOrDefault(r, List.of());
                for (int k = 0; k < Math.min(ref.size(), mine.size()); k++) {
                    RawNode a = ref.get(k);
                    RawNode b = mine.get(k);
                    if (a.collective() != b.collective() || a.bytes() != b.bytes()) {
                        throw new TraceException("call " + (k + 1) + " on process group '" + c.name() + "' differs: "
                                + ranks.get(first).file() + " " + a.describe() + " is " + what(a) + ", "
                                + ranks.get(r).file() + " " + b.describe() + " is " + what(b));
                    }
                }
                if (ref.size() != mine.size()) {
                    throw new TraceException("process group '" + c.name() + "': " + ranks.get(first).file() + " makes "
                            + ref.size() + " calls on it but " + ranks.get(r).file() + " makes " + mine.size()
                            + ": every member must make the same calls");
                }
            }
        }
        for (Map.Entry<Long, List<Site>> e : sends.entrySet()) {
            List<Site> s = e.getValue();
            List<Site> r = recvs.getOrDefault(e.getKey(), List.of());
            int src = (int) (e.getKey() / n);
            int dst = (int) (e.getKey() % n);
            for (int k = 0; k < Math.min(s.size(), r.size()); k++) {
                if (s.get(k).node().bytes() != r.get(k).node().bytes()) {
                    throw new TraceException("send " + (k + 1) + " from rank " + src + " to rank " + dst + " differs: "
                            + ranks.get(src).file() + " " + s.get(k).node().describe() + " sends " + s.get(k).node()
                            .bytes() + " B, " + ranks.get(dst).file() + " " + r.get(k).node().describe()
                            + " receives " + r.get(k).node().bytes() + " B");
                }
            }
            if (s.size() != r.size()) {
                throw new TraceException(ranks.get(src).file() + " sends " + s.size() + " messages to rank " + dst
                        + " but " + ranks.get(dst).file() + " receives " + r.size() + " from rank " + src);
            }
        }
        for (Map.Entry<Long, List<Site>> e : recvs.entrySet()) {
            if (!sends.containsKey(e.getKey())) {
                int src = (int) (e.getKey() / n);
                Site r = e.getValue().get(0);
                throw new TraceException(ranks.get(r.rank()).file() + ": " + r.node().describe() + " receives from rank "
                        + src + ", but " + ranks.get(src).file() + " sends nothing to rank " + r.rank());
            }
        }
    }

    private static String what(RawNode n) {
        return n.collective().key() + " of " + n.bytes() + " B";
    }
}
