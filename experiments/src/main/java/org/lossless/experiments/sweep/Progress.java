package org.lossless.experiments.sweep;

/**
 * What an executor tells about a sweep as it goes. Called from executor threads: implementations must be
 * thread-safe. {@link #NONE} ignores everything.
 */
public interface Progress {
    /** Before the first run: {@code total} runs in the sweep, {@code done} of them already complete. */
    void start(int total, int done);

    /** A run's directory is in place. */
    void done(RunSpec run);

    /** A run failed; {@code reason} is one line. */
    void failed(RunSpec run, String reason);

    /** A line of news that is not about one run (a Slurm job submitted, waiting, ...). */
    default void note(String line) {
    }

    /** After the last run. */
    default void finish() {
    }

    Progress NONE = new Progress() {
        @Override
        public void start(int total, int done) {
        }

        @Override
        public void done(RunSpec run) {
        }

        @Override
        public void failed(RunSpec run, String reason) {
        }
    };
}
