package org.lossless.experiments.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs a sweep as one Slurm job array (docs/sweeps.md, "Slurm"). Each submission gets a folder
 * {@code slurm/submit-N/} in the sweep directory with {@code tasks.txt} (line t: the run indices of array
 * task t), {@code job.sh}, {@code job_id} and {@code logs/task-T.log}; the program is copied to
 * {@code slurm/lib/}. A task runs {@code java -cp slurm/lib/... SweepTask SWEEP_DIR INDEX...}: it reads the
 * definition from the sweep directory and writes only its runs' directories, so nothing depends on the
 * submitting host once {@code sbatch --parsable} has returned. Waiting polls {@code squeue} with a backoff
 * (0.25 s, growing by half each time up to 30 s, so the wait overshoots the job by at most a third of its duration); a run whose directory is missing when the job has left the queue is reported
 * with its task's log and exit reason ({@code sacct}, else {@code scontrol show job}, else the log).
 */
public final class SlurmExecutor implements Executor {
    static final String JOB_ID = "job_id";
    static final String TASKS = "tasks.txt";
    static final String SCRIPT = "job.sh";
    static final String LIB = "lib";
    private final SlurmOptions opts;

    public SlurmExecutor(SlurmOptions opts) {
        this.opts = opts;
    }

    /**
     * Checks that Slurm's client commands answer here ({@code sbatch --version}, {@code squeue --version}),
     * before a sweep directory is made for nothing.
     */
    public static void checkAvailable() throws InterruptedException {
        for (String cmd : List.of("sbatch", "squeue")) {
            Slurm.Result r = Slurm.call(List.of(cmd, "--version"));
            if (!r.ok()) {
                String last = r.out().lines().reduce((a, b) -> b).orElse("").strip();
                throw new SweepException("--executor slurm: " + (r.status() == 127 ? r.out()
                        : cmd + " --version failed (exit " + r.status() + "): " + last));
            }
        }
    }

    /**
     * Refuses, before anything is written, a sweep folder or a Slurm option that the job script could not hold as
     * a plain value: a control character (a newline would start a command line in job.sh) or, in the folder, a '%'
     * (sbatch reads it as a file name pattern).
     */
    public void checkScriptValues(Path sweep) {
        Path abs = sweep.toAbsolutePath().normalize();
        SlurmScript.requirePrintable("--out " + sweep, abs.toString(), true);
        SlurmScript.requirePrintable("--out " + sweep, Sweep.staging(abs).toString(), true);
        if (opts.java() != null) {
            SlurmScript.requirePrintable("--java " + opts.java(), opts.java(), false);
        }
        for (String a : opts.sbatchArgs()) {
            SlurmScript.requirePrintable("--sbatch-arg " + a, a, false);
        }
        for (String v : java.util.Arrays.asList(opts.partition(), opts.time(), opts.mem())) {
            if (v != null) {
                SlurmScript.requirePrintable("the Slurm option " + v, v, false);
            }
        }
    }

    @Override
    public boolean waits() {
        return opts.waitForJob();
    }

    @Override
    public void checkIdle(SweepDirectory dir) throws InterruptedException {
        for (Path sub : SlurmJob.submissions(dir)) {
            String id = SlurmJob.jobId(sub);
            if (id != null && SlurmJob.active(id)) {
                throw new SweepException("Slurm job " + id + " of the sweep in " + dir.root() + " is still queued or "
                        + "running; wait for it with 'lossless sweep --collect " + dir.root() + "' or cancel it (scancel "
                        + id + ")");
            }
        }
    }

    @Override
    public List<RunFailure> runAll(SweepDirectory dir, List<RunSpec> runs, Progress progress) throws InterruptedException {
        SlurmJob job;
        try {
            job = SlurmJob.submit(dir, runs, opts);
        } catch (IOException e) {
            throw new SweepException("cannot prepare the Slurm job in " + dir.root() + ": " + e.getMessage());
        }
        progress.note("submitted Slurm job " + job.id() + ": " + job.tasks().size() + " array tasks for " + runs.size()
                + " runs; logs in " + job.folder().resolve(SlurmJob.LOGS));
        if (!opts.waitForJob()) {
            return List.of();
        }
        try {
            return job.await(dir, progress);
        } catch (IOException e) {
            throw new SweepException("cannot read the sweep in " + dir.root() + " while waiting for job " + job.id() + ": "
                    + e.getMessage());
        }
    }

    /**
     * {@code lossless sweep --collect DIR}: waits for the sweep's last Slurm job, reports its failed runs and
     * writes the tables.
     */
    public static Sweep.Outcome collect(SweepDirectory dir, Path out, SweepDefinition def, SlurmOptions opts, Progress progress)
            throws IOException, InterruptedException {
        List<Path> subs = SlurmJob.submissions(dir);
        if (subs.isEmpty()) {
            throw new SweepException("--collect " + out + ": no Slurm job was submitted for this sweep");
        }
        SlurmJob job = SlurmJob.load(subs.get(subs.size() - 1));
        try (AutoCloseable lock = dir.lock()) {
            List<RunSpec> all = def.runs();
            int doneBefore = all.size() - dir.pending(all).size();
            progress.start(all.size(), doneBefore);
            List<RunFailure> failures = job.await(dir, progress);
            progress.finish();
            return Sweep.finish(dir, out, def, doneBefore, failures);
        } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /** Runs of {@code runs} not yet in place, for progress while waiting. */
    static List<RunSpec> newlyDone(SweepDirectory dir, List<RunSpec> runs, Set<Integer> reported) {
        List<RunSpec> out = new ArrayList<>();
        for (RunSpec r : runs) {
            if (!reported.contains(r.index()) && dir.isDone(r)) {
                reported.add(r.index());
                out.add(r);
            }
        }
        return out;
    }

    static Set<Integer> none() {
        return new HashSet<>();
    }

    static void executable(Path f) throws IOException {
        try {
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (UnsupportedOperationException e) {
            f.toFile().setExecutable(true);
        }
    }
}
