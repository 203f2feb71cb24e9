package org.lossless.workloads.simai;

import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.Communicator;
import org.lossless.workloads.training.RankGraph;
import org.lossless.workloads.training.RankGraphBuilder;
import org.lossless.workloads.training.TrainingSource;

/**
 * A SimAI workload file as a front end of the training executor, every rank running the layer lines as SimAI's
 * {@code iterate_hybrid_parallel_Transformer_fwd_in_bckwd} does: forward, layer by layer, its compute then its
 * collective (blocking); backward, from the last layer to the first, the input-gradient compute and collective
 * (blocking), then the weight-gradient compute and its collective, which does not block: the backward pass goes on
 * while it runs (it is on a stream of its own). A layer's weight update runs after its weight-gradient collective.
 * The iteration ends when every rank's nodes have ended (SimAI makes a layer's next forward wait for its
 * weight-gradient collective; here the next iteration waits for all of them).
 *
 * <p>Ranks as Megatron numbers them with pp 1: rank = t + tp·d (t the tensor rank, d the data-parallel index).
 * Groups: tensor-parallel {@code tp} consecutive ranks; data-parallel the ranks with the same t; expert-parallel
 * {@code ep} consecutive data-parallel indices with the same t; expert-data-parallel the data-parallel indices with
 * the same position in their expert group. A collective of size 0 is skipped.
 */
public final class SimaiSource implements TrainingSource {
    private static final int COMPUTE = 0;
    private static final int BLOCKING = 1;
    private static final int WEIGHT_GRAD = 2;

    private final SimaiFile file;
    private final List<Communicator> groups = new ArrayList<>();

    public SimaiSource(SimaiFile file) {
        this.file = file;
        int tp = file.tp();
        int dp = file.dp();
        int ep = file.ep();
        for (int d = 0; d < dp; d++) {
            int[] r = new int[tp];
            for (int t = 0; t < tp; t++) {
                r[t] = t + tp * d;
            }
            groups.add(new Communicator("tp-" + d, CommKind.TP, r));
        }
        for (int t = 0; t < tp; t++) {
            int[] r = new int[dp];
            for (int d = 0; d < dp; d++) {
                r[d] = t + tp * d;
            }
            groups.add(new Communicator("dp-" + t, CommKind.DP, r));
        }
        for (int t = 0; t < tp; t++) {
            for (int b = 0; b < dp / ep; b++) {
                int[] r = new int[ep];
                for (int j = 0; j < ep; j++) {
                    r[j] = t + tp * (b * ep + j);
                }
                groups.add(new Communicator("ep-" + t + "-" + b, CommKind.EP, r));
            }
        }
        for (int t = 0; t < tp; t++) {
            for (int j = 0; j < ep; j++) {
                int[] r = new int[dp / ep];
                for (int b = 0; b < dp / ep; b++) {
                    r[b] = t + tp * (b * ep + j);
                }
                groups.add(new Communicator("dpep-" + t + "-" + j, CommKind.DP, r));
            }
        }
    }

    /** The index in {@link #communicators()} of rank {@code rank}'s group of kind {@code g}. */
    int group(int rank, SimaiComm.Group g) {
        int tp = file.tp();
        int dp = file.dp();
        int ep = file.ep();
        int t = rank % tp;
        int d = rank / tp;
        return switch (g) {
            case TP -> d;
            case DP -> dp + t;
            case EP -> dp + tp + t * (dp / ep) + d / ep;
            case DP_EP -> dp + tp + tp * (dp / ep) + t * ep + d % ep;
        };
    }

    @Override
    public int ranks() {
        return file.gpus();
    }

    @Override
    public List<Communicator> communicators() {
        return groups;
    }

    @Override
    public RankGraph graph(int rank, int iteration, boolean keepNames) {
        RankGraphBuilder b = new RankGraphBuilder(rank, keepNames);
        List<SimaiLayer> layers = file.layers();
        int last = -1;
        for (SimaiLayer l : layers) {
            last = step(b, rank, l.name() + " fwd", l.fwdPs(), l.fwd(), l.fwdBytes(), BLOCKING, last, keepNames);
        }
        int[] wgComm = new int[layers.size()];
        for (int i = layers.size() - 1; i >= 0; i--) {
            SimaiLayer l = layers.get(i);
            last = step(b, rank, l.name() + " ig", l.igPs(), l.ig(), l.igBytes(), BLOCKING, last, keepNames);
            int wgCompute = b.compute(COMPUTE, l.wgPs(), keepNames ? l.name() + " wg" : null, deps(last));
            last = wgCompute;
            wgComm[i] = l.wg().none() || l.wgBytes() == 0 ? wgCompute
                    : call(b, rank, l.name() + " wg", l.wg(), l.wgBytes(), WEIGHT_GRAD, wgCompute, keepNames);
        }
        for (int i = layers.size() - 1; i >= 0; i--) {
            SimaiLayer l = layers.get(i);
            if (l.updatePs() > 0) {
                b.compute(COMPUTE, l.updatePs(), keepNames ? l.name() + " update" : null, wgComm[i]);
            }
        }
        return b.build();
    }

    /** A compute node then, unless there is none, its collective; returns the last node (what the next waits for). */
    private int step(RankGraphBuilder b, int rank, String name, long ps, SimaiComm comm, long bytes, int stream,
                     int after, boolean keepNames) {
        int c = b.compute(COMPUTE, ps, keepNames ? name : null, deps(after));
        if (comm.none() || bytes == 0) {
            return c;
        }
        return call(b, rank, name, comm, bytes, stream, c, keepNames);
    }

    private int call(RankGraphBuilder b, int rank, String name, SimaiComm comm, long bytes, int stream, int after,
                     boolean keepNames) {
        int g = group(rank, comm.group());
        CommKind kind = comm.group() == SimaiComm.Group.TP ? CommKind.TP : comm.group() == SimaiComm.Group.EP
                ? CommKind.EP : CommKind.DP;
        return b.collective(stream, kind, comm.collective(), g, bytes, null,
                keepNames ? name + " " + comm.collective().key() : null, after);
    }

    private static int[] deps(int node) {
        return node < 0 ? new int[0] : new int[] {node};
    }

    @Override
    public int[] timelineRanks() {
        return new int[] {0};
    }

    @Override
    public String lane(int rank) {
        return "rank " + rank;
    }
}
