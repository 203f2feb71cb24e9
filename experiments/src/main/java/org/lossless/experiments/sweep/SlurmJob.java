package org.lossless.experiments.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** One submission of a sweep to Slurm: its folder {@code slurm/submit-N/}, job id and task-to-runs table. */
final class SlurmJob {
    static final String LOGS = "logs";
    private static final Pattern SUBMIT = Pattern.compile("submit-(\\d+)");
    private static final String MAIN = SweepTask.class.getName();
    /** Give up waiting after this many squeue failures in a row (the job goes on; --collect later). */
    private static final int MAX_FAILED_POLLS = 20;
    static final long FIRST_POLL_MS = 250;
    static final long MAX_POLL_MS = 30_000;

    private final Path folder;
    private final String id;
    private final List<List<Integer>> tasks;

    private SlurmJob(Path folder, String id, List<List<Integer>> tasks) {
        this.folder = folder;
        this.id = id;
        this.tasks = tasks;
    }

    Path folder() {
        return folder;
    }

    String id() {
        return id;
    }

    List<List<Integer>> tasks() {
        return tasks;
    }

    /** The submission folders of a sweep, oldest first. */
    static List<Path> submissions(SweepDirectory dir) {
        Path slurm = dir.root().resolve(SweepDirectory.SLURM);
        if (!Files.isDirectory(slurm)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(slurm)) {
            return s.filter(p -> SUBMIT.matcher(p.getFileName().toString()).matches())
                    .sorted((a, b) -> Integer.compare(number(a), number(b))).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static int number(Path p) {
        Matcher m = SUBMIT.matcher(p.getFileName().toString());
        return m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }

    static String jobId(Path submission) {
        try {
            return Files.readString(submission.resolve(SlurmExecutor.JOB_ID), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return null;
        }
    }

    /** True while squeue lists the job (any of its tasks pending or running). */
    static boolean active(String id) throws InterruptedException {
        Slurm.Result r = Slurm.call(List.of("squeue", "-h", "-j", id, "-o", "%i"));
        if (!r.ok()) {
            if (r.out().contains("Invalid job id")) {
                return false;
            }
            throw new SweepException("squeue failed (exit " + r.status() + "): " + r.out());
        }
        return !r.out().isBlank();
    }

    static SlurmJob load(Path folder) throws IOException {
        List<List<Integer>> tasks = new ArrayList<>();
        for (String line : Files.readAllLines(folder.resolve(SlurmExecutor.TASKS), StandardCharsets.UTF_8)) {
            List<Integer> t = new ArrayList<>();
            for (String x : line.strip().split("\\s+")) {
                if (!x.isEmpty()) {
                    t.add(Integer.parseInt(x));
                }
            }
            tasks.add(t);
        }
        String id = jobId(folder);
        if (id == null) {
            throw new SweepException(folder + ": no job id recorded (the submission failed)");
        }
        return new SlurmJob(folder, id, tasks);
    }

    /** Writes the submission folder, copies the program, and submits with {@code sbatch --parsable}. */
    static SlurmJob submit(SweepDirectory dir, List<RunSpec> runs, SlurmOptions o) throws IOException, InterruptedException {
        List<Path> subs = submissions(dir);
        int n = subs.isEmpty() ? 1 : number(subs.get(subs.size() - 1)) + 1;
        Path slurm = dir.root().resolve(SweepDirectory.SLURM);
        Path folder = slurm.resolve("submit-" + n);
        SlurmScript.requirePrintable("--out " + dir.root(), dir.root().toString(), true);
        Files.createDirectories(folder.resolve(LOGS));
        dir.adopt(SweepDirectory.SLURM + "/" + folder.getFileName() + "/" + LOGS);
        List<String> classPath = ProgramCopy.copy(slurm.resolve(SlurmExecutor.LIB));
        List<List<Integer>> tasks = new ArrayList<>();
        StringBuilder table = new StringBuilder();
        for (int i = 0; i < runs.size(); i += o.runsPerTask()) {
            List<Integer> t = new ArrayList<>();
            for (RunSpec r : runs.subList(i, Math.min(runs.size(), i + o.runsPerTask()))) {
                t.add(r.index());
            }
            tasks.add(t);
            table.append(String.join(" ", t.stream().map(String::valueOf).toList())).append('\n');
        }
        Files.writeString(folder.resolve(SlurmExecutor.TASKS), table.toString(), StandardCharsets.UTF_8);
        List<String> sbatch = new ArrayList<>(List.of("sbatch", "--parsable", "--job-name=lossless-sweep",
                "--array=0-" + (tasks.size() - 1) + (o.throttle() == null ? "" : "%" + o.throttle()),
                "--output=" + folder.resolve(LOGS).resolve("task-%a.log"), "--chdir=" + dir.root()));
        if (o.partition() != null) {
            sbatch.add("--partition=" + o.partition());
        }
        if (o.time() != null) {
            sbatch.add("--time=" + o.time());
        }
        if (o.mem() != null) {
            sbatch.add("--mem=" + o.mem());
        }
        sbatch.addAll(o.sbatchArgs());
        Path script = folder.resolve(SlurmExecutor.SCRIPT);
        List<String> jvm = new ArrayList<>(List.of(COLLECTOR.split(" ")));
        if (o.heapOption() != null) {
            jvm.add(o.heapOption());
        }
        List<String> shown = new ArrayList<>(sbatch);
        shown.add(script.toString());
        String lib = SweepDirectory.SLURM + "/" + SlurmExecutor.LIB + "/";
        Files.writeString(script, SlurmScript.text(dir.root(), folder.resolve(SlurmExecutor.TASKS),
                classPath.stream().map(c -> lib + c).toList(), o.java(), jvm, MAIN, shown), StandardCharsets.UTF_8);
        SlurmExecutor.executable(script);
        // what this submission writes, and the task logs Slurm will write, are Lossless's
        List<String> written = new ArrayList<>(List.of(lib.substring(0, lib.length() - 1),
                SweepDirectory.SLURM + "/" + folder.getFileName(),
                SweepDirectory.SLURM + "/" + folder.getFileName() + "/" + SlurmExecutor.JOB_ID));
        for (int t = 0; t < tasks.size(); t++) {
            written.add(SweepDirectory.SLURM + "/" + folder.getFileName() + "/" + LOGS + "/task-" + t + ".log");
        }
        dir.adopt(written.toArray(String[]::new));
        sbatch.add(script.toString());
        Slurm.Result r = Slurm.call(sbatch);
        if (!r.ok()) {
            throw new SweepException("sbatch failed (exit " + r.status() + "): " + r.out() + "; command: " + String.join(" ", sbatch));
        }
        String id = r.out().lines().reduce((a, b) -> b).orElse("").split(";")[0].strip();
        if (!id.matches("\\d+")) {
            throw new SweepException("sbatch --parsable answered '" + r.out() + "', not a job id");
        }
        Files.writeString(folder.resolve(SlurmExecutor.JOB_ID), id + "\n", StandardCharsets.UTF_8);
        return new SlurmJob(folder, id, tasks);
    }

    /**
     * The collector settings of {@code ./lossless}: the serial collector with a heap that follows the live set (no GC
     * worker threads, the cheap card-marking barrier; a task's resident memory near its runs' live set) and the C
     * library asked every 5 s to return the JIT compiler's freed memory (ignored by a JDK before 17.0.9). Measured
     * against the parallel collector on one JVM per run: the same CPU within noise, a third less resident memory
     * (benchmarks/README.md, "Memory IV").
     */
    static final String COLLECTOR = "-XX:+UseSerialGC -Xms32m -XX:NewRatio=12 -XX:MinHeapFreeRatio=20"
            + " -XX:MaxHeapFreeRatio=40 -XX:+IgnoreUnrecognizedVMOptions -XX:TrimNativeHeapInterval=5000";

    /** Waits until the job has left the queue; returns the runs of this job whose directory is not in place. */
    List<RunFailure> await(SweepDirectory dir, Progress progress) throws InterruptedException, IOException {
        SweepDefinition def = dir.definition();
        List<RunSpec> all = def.runs();
        List<RunSpec> mine = new ArrayList<>();
        tasks.forEach(t -> t.forEach(i -> mine.add(all.get(i))));
        Set<Integer> reported = SlurmExecutor.none();
        for (RunSpec r : mine) {
            if (dir.isDone(r)) {
                reported.add(r.index());
            }
        }
        long sleep = FIRST_POLL_MS;
        int failedPolls = 0;
        Thread onExit = new Thread(() -> System.err.println("lossless: stopped waiting; Slurm job " + id
                + " goes on. Collect it later with: lossless sweep --collect " + dir.root()));
        Runtime.getRuntime().addShutdownHook(onExit);
        try {
            poll(dir, progress, mine, reported, sleep, failedPolls);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(onExit);
            } catch (IllegalStateException e) {
                // shutting down: the hook runs
            }
        }
        return failures(dir, all, progress);
    }

    private void poll(SweepDirectory dir, Progress progress, List<RunSpec> mine, Set<Integer> reported, long sleep,
                      int failedPolls) throws InterruptedException {
        while (true) {
            boolean active;
            try {
                active = active(id);
                failedPolls = 0;
            } catch (SweepException e) {
                if (++failedPolls >= MAX_FAILED_POLLS) {
                    throw new SweepException(e.getMessage() + "; gave up waiting after " + MAX_FAILED_POLLS
                            + " tries. The job goes on: collect it later with 'lossless sweep --collect " + dir.root() + "'");
                }
                active = true;
            }
            SlurmExecutor.newlyDone(dir, mine, reported).forEach(progress::done);
            if (!active) {
                return;
            }
            Thread.sleep(sleep);
            sleep = Math.min(MAX_POLL_MS, sleep * 3 / 2);
        }
    }

    private List<RunFailure> failures(SweepDirectory dir, List<RunSpec> all, Progress progress) {
        List<RunFailure> failures = new ArrayList<>();
        Map<Integer, String> states = new HashMap<>();
        for (int t = 0; t < tasks.size(); t++) {
            for (int index : tasks.get(t)) {
                RunSpec r = all.get(index);
                if (dir.isDone(r)) {
                    continue;
                }
                int task = t;
                String state = states.computeIfAbsent(t, k -> taskState(task));
                Path log = folder.resolve(LOGS).resolve("task-" + t + ".log");
                String why = SlurmLog.reason(log, index);
                String reason = "array task " + t + " of job " + id + ": " + state + (why == null ? "" : ": " + why);
                RunFailure f = new RunFailure(r, reason, Files.exists(log) ? log.toString()
                        : log + " (not written: the task never started)");
                failures.add(f);
                progress.failed(r, reason);
            }
        }
        return failures;
    }

    /** "STATE, exit code X:Y" from sacct, else scontrol, else a note that Slurm no longer knows. */
    private String taskState(int t) {
        String task = id + "_" + t;
        try {
            Slurm.Result acct = Slurm.call(List.of("sacct", "-n", "-P", "-X", "-j", task, "-o", "State,ExitCode"));
            if (acct.ok() && !acct.out().isBlank()) {
                String[] f = acct.out().lines().findFirst().orElse("").split("\\|");
                if (f.length == 2) {
                    return f[0] + ", exit code " + f[1];
                }
            }
            Slurm.Result ctl = Slurm.call(List.of("scontrol", "-o", "show", "job", task));
            if (ctl.ok()) {
                String state = field(ctl.out(), "JobState");
                String reason = field(ctl.out(), "Reason");
                String exit = field(ctl.out(), "ExitCode");
                if (state != null) {
                    return state + (exit == null ? "" : ", exit code " + exit)
                            + (reason == null || reason.equals("None") ? "" : " (" + reason + ")");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "state unknown (Slurm no longer lists the task)";
    }

    private static String field(String text, String name) {
        Matcher m = Pattern.compile("\\b" + name + "=(\\S+)").matcher(text);
        return m.find() ? m.group(1) : null;
    }
}
