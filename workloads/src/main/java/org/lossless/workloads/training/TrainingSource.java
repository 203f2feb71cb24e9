package org.lossless.workloads.training;

import java.util.List;

/**
 * A front end of the training executor: it says how many ranks a job has, which communicators they use, and
 * what each rank does in each iteration. The parametric {@code training} generator implements it; so will the
 * Chakra and SimAI trace readers.
 *
 * <p>Graphs are asked for one iteration at a time and dropped when it ends, so a source may generate them on
 * demand instead of holding a whole run (the parametric one builds each iteration afresh). A source must be
 * deterministic: the same (rank, iteration) always gives the same graph.
 */
public interface TrainingSource {
    /** Ranks (GPUs) of the job, numbered 0..ranks()-1. */
    int ranks();

    /** The communicators collective nodes refer to, by index; each member rank must call each in the same order. */
    List<Communicator> communicators();

    /**
     * Rank {@code rank}'s graph of iteration {@code iteration} (0-based); {@code keepNames}: keep the nodes'
     * labels (asked for the {@link #timelineRanks()} only).
     */
    RankGraph graph(int rank, int iteration, boolean keepNames);

    /** The ranks whose nodes are written to the timeline, in lane order (e.g. one per pipeline stage). */
    int[] timelineRanks();

    /** The timeline lane of rank {@code rank} ({@code stage 2}, {@code rank 17}). */
    String lane(int rank);
}
