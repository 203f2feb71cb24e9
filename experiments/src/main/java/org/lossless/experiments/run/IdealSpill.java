package org.lossless.experiments.run;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Where and past how much heap a job's ideal replay ({@link IdealRun}) moves its record of every message sent
 * ({@link SentLog}) to disk: {@code dir} is the run's result directory being written (null: {@code java.io.tmpdir});
 * {@code budgetBytes} the heap its pages may take ({@link SentLog#defaultBudget()} by default); {@code onSpill} (may be
 * null, tests) is told each spill file when it is made. The file is deleted when the job's replay ends, however it
 * ends; the results do not depend on any of this.
 */
record IdealSpill(Path dir, long budgetBytes, Consumer<Path> onSpill) {
    IdealSpill {
        if (budgetBytes < 1) {
            throw new IllegalArgumentException("budget must be positive, got " + budgetBytes + " B");
        }
    }

    /** In {@code dir} (null: {@code java.io.tmpdir}), with the default budget. */
    static IdealSpill in(Path dir) {
        return new IdealSpill(dir, SentLog.defaultBudget(), null);
    }

    /** A new empty log for {@code hosts} hosts. */
    SentLog newLog(int hosts) {
        return new SentLog(hosts, budgetBytes, dir, onSpill);
    }
}
