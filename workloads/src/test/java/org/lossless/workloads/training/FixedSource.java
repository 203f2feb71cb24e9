package org.lossless.workloads.training;

import java.util.List;
import java.util.function.BiFunction;

/** A test source: the same hand-built graphs every iteration. */
final class FixedSource implements TrainingSource {
    private final int ranks;
    private final List<Communicator> comms;
    private final BiFunction<Integer, RankGraphBuilder, RankGraph> build;

    /** {@code build(rank, builder)} adds rank's nodes to the builder and returns {@code builder.build()}. */
    FixedSource(int ranks, List<Communicator> comms, BiFunction<Integer, RankGraphBuilder, RankGraph> build) {
        this.ranks = ranks;
        this.comms = comms;
        this.build = build;
    }

    @Override
    public int ranks() {
        return ranks;
    }

    @Override
    public List<Communicator> communicators() {
        return comms;
    }

    @Override
    public RankGraph graph(int rank, int iteration, boolean keepNames) {
        return build.apply(rank, new RankGraphBuilder(rank, keepNames));
    }

    @Override
    public int[] timelineRanks() {
        int[] all = new int[ranks];
        for (int i = 0; i < ranks; i++) {
            all[i] = i;
        }
        return all;
    }

    @Override
    public String lane(int rank) {
        return "rank " + rank;
    }
}
