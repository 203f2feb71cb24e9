package org.lossless.experiments.sweep;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How the Slurm executor submits (docs/sweeps.md, "Slurm").
 *
 * @param runsPerTask runs one array task executes one after the other, >= 1
 * @param throttle    at most this many tasks at once ({@code --array=0-K%N}), or null
 * @param partition   {@code sbatch --partition}, or null
 * @param time        {@code sbatch --time} per task, in sbatch's format, or null
 * @param mem         {@code sbatch --mem} per task ({@code 4G}, {@code 800M}; a bare number is MB), or null;
 *                    the task's Java heap is then 80 % of it
 * @param sbatchArgs  further sbatch arguments, passed as they are
 * @param java        the java the tasks run, or null for {@code $LOSSLESS_JAVA}, else {@code java} on the PATH
 * @param waitForJob  false for {@code --no-wait}
 */
public record SlurmOptions(int runsPerTask, Integer throttle, String partition, String time, String mem,
                           List<String> sbatchArgs, String java, boolean waitForJob) {
    private static final Pattern MEM = Pattern.compile("(\\d+)([KMGT]?)B?", Pattern.CASE_INSENSITIVE);
    private static final Pattern TIME = Pattern.compile("(\\d+-)?\\d+(:\\d+){0,2}|UNLIMITED|INFINITE");

    public SlurmOptions {
        sbatchArgs = List.copyOf(sbatchArgs);
        if (runsPerTask < 1) {
            throw new SweepException("--runs-per-task " + runsPerTask + ": at least 1");
        }
        if (throttle != null && throttle < 1) {
            throw new SweepException("--throttle " + throttle + ": at least 1");
        }
        if (mem != null && !MEM.matcher(mem).matches()) {
            throw new SweepException("--mem " + mem + ": expected sbatch's format, a number with K, M, G or T (e.g. 4G, 800M)");
        }
        if (time != null && !TIME.matcher(time).matches()) {
            throw new SweepException("--time " + time + ": expected sbatch's format: minutes, MM:SS, HH:MM:SS, D-HH, "
                    + "D-HH:MM or D-HH:MM:SS");
        }
    }

    /** The {@code -Xmx} for {@link #mem} (80 % of it, in MB), or null. */
    public String heapOption() {
        if (mem == null) {
            return null;
        }
        var m = MEM.matcher(mem);
        m.matches();
        long n = Long.parseLong(m.group(1));
        long mb = switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "K" -> n / 1024;
            case "G" -> n * 1024;
            case "T" -> n * 1024 * 1024;
            default -> n;
        };
        return "-Xmx" + Math.max(64, mb * 8 / 10) + "m";
    }
}
