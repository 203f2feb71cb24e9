package org.lossless.experiments.sweep;

import java.nio.file.Path;
import java.util.List;

/**
 * The text of a submission's {@code job.sh}. Every value in it (the sweep folder, the task table, the java, the
 * class path, sbatch's arguments in the header comment) is a single-quoted shell word, and a value holding a
 * control character (a newline would end the comment line and start a command) is refused before anything is
 * written ({@link #requirePrintable}). The task's run indices come from tasks.txt and are checked to be numbers
 * before they are used.
 */
final class SlurmScript {
    private SlurmScript() {
    }

    /**
     * Refuses {@code value} if it holds a control character (below U+0020, U+007F to U+009F) or, for a path sbatch
     * reads ({@code pattern}), a '%' (sbatch replaces {@code %j}, {@code %a}, ... in file names).
     *
     * @param what names the value in the message ({@code --out /x}, {@code --java})
     */
    static void requirePrintable(String what, String value, boolean pattern) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c >= 0x7f && c <= 0x9f) {
                throw new SweepException(what + ": holds a control character (U+" + String.format("%04X", (int) c)
                        + ") at position " + (i + 1) + "; the Slurm job script would run it as a command line: "
                        + "choose a path without control characters");
            }
            if (pattern && c == '%') {
                throw new SweepException(what + ": holds '%', which sbatch reads as a file name pattern (%j, %a); "
                        + "choose a path without '%' for a Slurm sweep");
            }
        }
    }

    /** {@code s} as one single-quoted shell word. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /**
     * @param sweep     the sweep folder
     * @param tasks     the task table (line T+1: the run indices of array task T)
     * @param classPath class path entries, relative to {@code sweep}
     * @param java      the java to run, or null for {@code $LOSSLESS_JAVA}, else java on the task's PATH
     * @param jvm       JVM options (the collector, the heap)
     * @param main      the main class
     * @param sbatch    the submission's sbatch command, for the header comment
     */
    static String text(Path sweep, Path tasks, List<String> classPath, String java, List<String> jvm, String main,
                       List<String> sbatch) {
        requirePrintable("the sweep folder " + sweep, sweep.toString(), true);
        requirePrintable("the task table " + tasks, tasks.toString(), false);
        for (String c : classPath) {
            requirePrintable("the class path entry " + c, c, false);
        }
        for (String a : sbatch) {
            requirePrintable("the sbatch argument " + a, a, false);
        }
        if (java != null) {
            requirePrintable("--java " + java, java, false);
        }
        StringBuilder cp = new StringBuilder();
        for (String c : classPath) {
            cp.append(cp.length() == 0 ? "" : ":").append("\"$sweep\"").append(quote("/" + c));
        }
        StringBuilder opts = new StringBuilder();
        for (String o : jvm) {
            opts.append(' ').append(quote(o));
        }
        return "#!/bin/bash\n"
                + "# Written by 'lossless sweep' (docs/sweeps.md, \"Slurm\"). Submitted as:\n"
                + "#   " + String.join(" ", sbatch.stream().map(SlurmScript::quote).toList()) + "\n"
                + "# Array task T runs the sweep runs listed on line T+1 of tasks.txt, with the program copied to\n"
                + "# slurm/lib, and writes only their directories points/POINT/SEED/.\n"
                + "set -u\n"
                + "sweep=" + quote(sweep.toString()) + "\n"
                + "tasks=" + quote(tasks.toString()) + "\n"
                + "java=" + (java == null ? "\"${LOSSLESS_JAVA:-java}\"" : quote(java)) + "\n"
                + "runs=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" \"$tasks\")\n"
                + "echo \"" + SweepTask.PREFIX + "array task $SLURM_ARRAY_TASK_ID of job $SLURM_ARRAY_JOB_ID on $(hostname): "
                + "runs $runs\"\n"
                + "case \"$runs\" in\n"
                + "  *[!0-9\\ ]* | '')\n"
                + "    echo \"" + SweepTask.PREFIX + "line $((SLURM_ARRAY_TASK_ID + 1)) of $tasks is not a list of run numbers\"\n"
                + "    exit 2 ;;\n"
                + "esac\n"
                + "if ! command -v \"$java\" >/dev/null 2>&1; then\n"
                + "  echo \"" + SweepTask.PREFIX + "java not found ('$java' on $(hostname)); give lossless sweep --java PATH "
                + "or set LOSSLESS_JAVA\"\n"
                + "  exit 2\n"
                + "fi\n"
                + "exec \"$java\"" + opts + " -cp " + cp + " " + quote(main) + " \"$sweep\" $runs\n";
    }
}
