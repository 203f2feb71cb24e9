package org.lossless.experiments.sweep;

import java.util.List;

/**
 * Decides where the runs of a sweep execute; it does not decide what they produce. Every run writes its
 * own result directory ({@code points/POINT/SEED/}, atomically) and nothing else, so the tables built
 * afterwards from the directories ({@link SweepTable}) are the same whichever executor ran them.
 * Implementations: {@link LocalExecutor} (this machine) and {@link SlurmExecutor} (a Slurm job array).
 */
public interface Executor {
    /**
     * Runs {@code runs} (none of them complete yet) of the sweep in {@code dir}, reporting each outcome to
     * {@code progress}; returns the runs that failed, with their reasons.
     */
    List<RunFailure> runAll(SweepDirectory dir, List<RunSpec> runs, Progress progress) throws InterruptedException;

    /**
     * Throws a {@link SweepException} when runs of this sweep may still be executing elsewhere (a Slurm job of
     * an earlier submission), before a resume cleans up and resubmits.
     */
    default void checkIdle(SweepDirectory dir) throws InterruptedException {
    }

    /** False when {@link #runAll} returns once the runs are handed over (Slurm {@code --no-wait}). */
    default boolean waits() {
        return true;
    }
}
