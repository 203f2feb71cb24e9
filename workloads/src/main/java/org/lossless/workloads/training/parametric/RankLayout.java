package org.lossless.workloads.training.parametric;

import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.Communicator;

/**
 * Where each rank sits in the 3D grid and which communicators it belongs to. Ranks are numbered as Megatron-LM
 * numbers them: tensor rank fastest, then data-parallel replica, then pipeline stage,
 * {@code rank = t + tp·(d + dp·p)}, so a tensor group is consecutive ranks (one server when tp &lt;= its GPUs).
 * Expert groups are {@code ep} consecutive replicas with the same tensor rank and stage.
 *
 * <p>Communicator indices: tensor groups first (one per stage and replica), then data-parallel groups (one per
 * stage and tensor rank), then expert groups; a group of one rank is not created (no call needs it).
 */
final class RankLayout {
    final int tp;
    final int pp;
    final int dp;
    final int ep;
    private final int tpBase;
    private final int dpBase;
    private final int epBase;
    private final List<Communicator> comms = new ArrayList<>();
    /** First layer of each stage, and one past the last stage's last. */
    final int[] stageStart;

    RankLayout(Parallelism p, int layers) {
        tp = p.tp();
        pp = p.pp();
        dp = p.dp();
        ep = p.ep();
        tpBase = 0;
        if (tp > 1) {
            for (int s = 0; s < pp; s++) {
                for (int d = 0; d < dp; d++) {
                    int[] g = new int[tp];
                    for (int t = 0; t < tp; t++) {
                        g[t] = rank(t, d, s);
                    }
                    comms.add(new Communicator("tp-s" + s + "-d" + d, CommKind.TP, g));
                }
            }
        }
        dpBase = comms.size();
        if (dp > 1) {
            for (int s = 0; s < pp; s++) {
                for (int t = 0; t < tp; t++) {
                    int[] g = new int[dp];
                    for (int d = 0; d < dp; d++) {
                        g[d] = rank(t, d, s);
                    }
                    comms.add(new Communicator("dp-s" + s + "-t" + t, CommKind.DP, g));
                }
            }
        }
        epBase = comms.size();
        if (ep > 1) {
            for (int s = 0; s < pp; s++) {
                for (int t = 0; t < tp; t++) {
                    for (int e = 0; e < dp / ep; e++) {
                        int[] g = new int[ep];
                        for (int i = 0; i < ep; i++) {
                            g[i] = rank(t, e * ep + i, s);
                        }
                        comms.add(new Communicator("ep-s" + s + "-t" + t + "-e" + e, CommKind.EP, g));
                    }
                }
            }
        }
        stageStart = new int[pp + 1];
        for (int s = 0; s < pp; s++) {
            stageStart[s + 1] = stageStart[s] + layers / pp + (s < layers % pp ? 1 : 0);
        }
    }

    int rank(int t, int d, int s) {
        return t + tp * (d + dp * s);
    }

    int tensorRank(int rank) {
        return rank % tp;
    }

    int replica(int rank) {
        return rank / tp % dp;
    }

    int stage(int rank) {
        return rank / (tp * dp);
    }

    List<Communicator> communicators() {
        return List.copyOf(comms);
    }

    /** Index of rank's tensor group, or -1 when tp = 1. */
    int tpComm(int rank) {
        return tp > 1 ? tpBase + stage(rank) * dp + replica(rank) : -1;
    }

    /** Index of rank's data-parallel group, or -1 when dp = 1. */
    int dpComm(int rank) {
        return dp > 1 ? dpBase + stage(rank) * tp + tensorRank(rank) : -1;
    }

    /** Index of rank's expert group, or -1 when ep = 1. */
    int epComm(int rank) {
        return ep > 1 ? epBase + (stage(rank) * tp + tensorRank(rank)) * (dp / ep) + replica(rank) / ep : -1;
    }

    /** Position of rank in its expert group. */
    int expertRank(int rank) {
        return replica(rank) % ep;
    }

    /** The rank of the same tensor rank and replica one stage before ({@code -1}) or after ({@code +1}). */
    int neighbour(int rank, int direction) {
        return rank(tensorRank(rank), replica(rank), stage(rank) + direction);
    }
}
