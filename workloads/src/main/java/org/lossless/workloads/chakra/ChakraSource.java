package org.lossless.workloads.chakra;

import java.util.List;

import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.Communicator;
import org.lossless.workloads.training.RankGraph;
import org.lossless.workloads.training.RankGraphBuilder;
import org.lossless.workloads.training.TrainingSource;

/**
 * A Chakra trace as a front end of the training executor: every iteration runs each rank's nodes again (a trace
 * is one iteration, or whatever the framework recorded). Streams, as ASTRA-sim's hardware model runs a rank: the
 * GPU's compute nodes one at a time on stream 0; CPU operators on stream 1; memory loads and stores on stream 2;
 * metadata nodes (no time) on stream 3; each process group's collectives in order on a stream of their own (NCCL
 * runs a communicator's calls in order); sends to and receives from each peer on a stream per peer and direction.
 * A node starts when its dependencies have ended and its stream is free. Communication kinds are {@code other}:
 * a trace does not say which parallelism a group serves.
 */
public final class ChakraSource implements TrainingSource {
    static final int GPU_STREAM = 0;
    static final int CPU_STREAM = 1;
    static final int MEMORY_STREAM = 2;
    static final int META_STREAM = 3;
    static final int FIRST_GROUP_STREAM = 4;

    private final ChakraTrace trace;

    public ChakraSource(ChakraTrace trace) {
        this.trace = trace;
    }

    @Override
    public int ranks() {
        return trace.rankCount();
    }

    @Override
    public List<Communicator> communicators() {
        return trace.groups();
    }

    @Override
    public RankGraph graph(int rank, int iteration, boolean keepNames) {
        RankTrace t = trace.ranks().get(rank);
        int[] groupOf = trace.groupOf()[rank];
        int p2p = FIRST_GROUP_STREAM + trace.groups().size();
        RankGraphBuilder b = new RankGraphBuilder(rank, keepNames);
        List<RawNode> nodes = t.nodes();
        for (int i = 0; i < nodes.size(); i++) {
            RawNode n = nodes.get(i);
            int[] after = t.deps()[i];
            String name = keepNames ? n.name() : null;
            switch (n.op()) {
                case GPU -> b.compute(GPU_STREAM, n.durationPs(), name, after);
                case CPU -> b.compute(CPU_STREAM, n.durationPs(), name, after);
                case MEMORY -> b.compute(MEMORY_STREAM, n.durationPs(), name, after);
                case META -> b.compute(META_STREAM, 0, name, after);
                case COLLECTIVE -> b.collective(FIRST_GROUP_STREAM + groupOf[i], CommKind.OTHER, n.collective(),
                        groupOf[i], n.bytes(), null, name, after);
                case SEND -> b.send(p2p + 2 * n.peer(), CommKind.OTHER, n.peer(), n.bytes(), name, after);
                case RECV -> b.recv(p2p + 2 * n.peer() + 1, CommKind.OTHER, n.peer(), n.bytes(), name, after);
                default -> throw new IllegalStateException("unhandled " + n.op());
            }
        }
        return b.build();
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
