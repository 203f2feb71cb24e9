package org.lossless.workloads.training.parametric;

import java.util.List;

import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.training.Communicator;
import org.lossless.workloads.training.RankGraph;
import org.lossless.workloads.training.TrainingJob;
import org.lossless.workloads.training.TrainingSource;

/**
 * The parametric training job as a {@link TrainingSource}: each rank's graph is generated afresh for every
 * iteration (the same every time), so no iteration's graph is held longer than it runs.
 *
 * <p>MoE tokens: every rank dispatches the tokens of its micro-batch, b·s, or b·s/tp with sequence parallelism
 * (each tensor rank holds 1/tp of the sequence).
 */
public final class ParametricSource implements TrainingSource {
    private final TrainingConfig c;
    private final RankLayout layout;
    private final Routing routing;

    public ParametricSource(TrainingConfig c) {
        this.c = c;
        this.layout = new RankLayout(c.parallel(), c.model().layers());
        ModelShape m = c.model();
        long tokens = m.microBatch() * m.seq() / (c.parallel().sequenceParallel() ? c.parallel().tp() : 1);
        this.routing = m.experts() > 0 ? new Routing(m, tokens, c.parallel().ep()) : null;
    }

    /** The executor's job for this configuration. */
    public static TrainingJob job(TrainingConfig c) {
        int[] hosts = c.hosts().stream().mapToInt(Integer::intValue).toArray();
        return new TrainingJob(c.name(), "training", new ParametricSource(c), hosts, c.comm(), c.iterations(),
                c.startPs(), c.checkpoint(), true);
    }

    @Override
    public int ranks() {
        return c.hosts().size();
    }

    @Override
    public List<Communicator> communicators() {
        return layout.communicators();
    }

    @Override
    public RankGraph graph(int rank, int iteration, boolean keepNames) {
        return new RankProgram(c, layout, rank, routing, keepNames).build();
    }

    @Override
    public int[] timelineRanks() {
        int[] out = new int[c.parallel().pp()];
        for (int s = 0; s < out.length; s++) {
            out[s] = layout.rank(0, c.timelineReplica(), s);
        }
        return out;
    }

    @Override
    public String lane(int rank) {
        return "stage " + layout.stage(rank);
    }

    /** The first layer of each stage, and one past the last layer: stage s runs layers [at(s), at(s+1)). */
    public int[] stageLayers() {
        return layout.stageStart.clone();
    }

    /** Tokens each expert rank of a group receives per micro-batch (its own included), or null for a dense model. */
    public long[] expertTokens() {
        if (routing == null) {
            return null;
        }
        long[] out = new long[c.parallel().ep()];
        for (int j = 0; j < out.length; j++) {
            out[j] = routing.tokensAt(j);
        }
        return out;
    }

    /** The configuration. */
    public TrainingConfig config() {
        return c;
    }

    /** The collective settings in use. */
    public CommSettings comm() {
        return c.comm();
    }
}
