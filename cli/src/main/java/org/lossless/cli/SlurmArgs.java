package org.lossless.cli;

import org.lossless.experiments.sweep.SlurmOptions;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** The Slurm options of {@code lossless sweep} (docs/sweeps.md, "Slurm"). */
final class SlurmArgs {
    @Option(names = "--runs-per-task", paramLabel = "N", description = "Slurm: runs per array task (default: 1).")
    Integer runsPerTask;

    @Option(names = "--throttle", paramLabel = "N", description = "Slurm: at most N array tasks at once (sbatch --array=...%%N).")
    Integer throttle;

    @Option(names = "--partition", paramLabel = "NAME", description = "Slurm: partition (sbatch --partition).")
    String partition;

    @Option(names = "--time", paramLabel = "LIMIT", description = "Slurm: time limit per task, in sbatch's format "
            + "(minutes, MM:SS, HH:MM:SS, D-HH).")
    String time;

    @Option(names = "--mem", paramLabel = "SIZE", description = "Slurm: memory per task in sbatch's format (4G, 800M); "
            + "the task's Java heap is 80 %% of it.")
    String mem;

    @Option(names = "--sbatch-arg", paramLabel = "ARG", description = "Slurm: one more sbatch argument, as is "
            + "(e.g. --sbatch-arg=--account=net). Repeatable.")
    List<String> sbatchArgs = new ArrayList<>();

    @Option(names = "--java", paramLabel = "PATH", description = "Slurm: the java (17 or later) the tasks run "
            + "(default: $LOSSLESS_JAVA, else java on the task's PATH).")
    String java;

    @Option(names = "--no-wait", description = "Slurm: return once the job is submitted; collect later with --collect DIR.")
    boolean noWait;

    boolean given() {
        return firstGiven() != null;
    }

    String firstGiven() {
        if (runsPerTask != null) {
            return "--runs-per-task";
        }
        if (throttle != null) {
            return "--throttle";
        }
        if (partition != null) {
            return "--partition";
        }
        if (time != null) {
            return "--time";
        }
        if (mem != null) {
            return "--mem";
        }
        if (!sbatchArgs.isEmpty()) {
            return "--sbatch-arg";
        }
        if (java != null) {
            return "--java";
        }
        return noWait ? "--no-wait" : null;
    }

    SlurmOptions options() {
        return new SlurmOptions(runsPerTask == null ? 1 : runsPerTask, throttle, partition, time, mem, sbatchArgs,
                java, !noWait);
    }
}
