package org.lossless.workloads.collective;

import java.util.Locale;

/** How {@link Tuner} fills an algorithm or protocol a job leaves to {@code auto} (scenario key {@code tuner}). */
public enum TunerMode {
    /** The candidate a dry run of the job alone on the fabric finds fastest ({@link DryRun}): what the simulation runs fastest. */
    SIMULATOR,
    /** The candidate NCCL's own cost model finds fastest ({@link NcclModel}): what NCCL would pick. */
    NCCL;

    /** Name as in scenario files: {@code simulator}, {@code nccl}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
