package org.lossless.experiments.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs Slurm's client commands ({@code sbatch}, {@code squeue}, {@code sacct}, {@code scontrol}) and returns their output. */
final class Slurm {
    /** Exit status and output of one command. */
    record Result(int status, String out) {
        boolean ok() {
            return status == 0;
        }
    }

    private Slurm() {
    }

    static Result call(List<String> command) throws InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true);
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Result(127, command.get(0) + ": cannot start it (" + e.getMessage() + "); is Slurm installed here?");
        }
        try {
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(124, command.get(0) + ": no answer within 60 s");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            return new Result(1, e.getMessage());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            throw e;
        }
    }
}
