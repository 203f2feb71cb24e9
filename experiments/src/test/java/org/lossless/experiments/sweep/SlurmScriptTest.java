package org.lossless.experiments.sweep;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * job.sh with hostile values (issue 31): the generated script is run by bash as a Slurm array task would run it
 * (SLURM_ARRAY_TASK_ID and SLURM_ARRAY_JOB_ID set), with a stand-in java that records its arguments; nothing in a
 * path may run as a command, and every path arrives as one argument, byte for byte.
 */
class SlurmScriptTest {
    @TempDir
    Path tmp;

    /** Folder names a shell would misread if they were not quoted, each with a command that leaves a file. */
    static final String HOSTILE = "st ' \" $(touch PWNED1) `touch PWNED2` ; touch PWNED3 & $HOME \\ * [x] %";

    private Path fakeJava() throws IOException {
        Path java = tmp.resolve("fake java");
        Files.writeString(java, "#!/bin/bash\nfor a in \"$@\"; do printf '%s\\0' \"$a\"; done > \"$ARGS_FILE\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java;
    }

    private Process bash(Path script, Path cwd, String task, Path args) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).directory(cwd.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("SLURM_ARRAY_TASK_ID", task);
        env.put("SLURM_ARRAY_JOB_ID", "77");
        env.put("ARGS_FILE", args.toString());
        return pb.start();
    }

    @Test
    void hostilePathsArriveAsOneArgumentEachAndRunNothing() throws Exception {
        Path sweep = Files.createDirectories(tmp.resolve(HOSTILE.replace("%", "pct")));
        Path tasks = Files.writeString(Files.createDirectories(sweep.resolve("slurm/submit-1")).resolve("tasks.txt"),
                "0 1\n3 4\n");
        List<String> cp = List.of("slurm/lib/000-a $(touch PWNED4).jar", "slurm/lib/001-b'c");
        Path java = fakeJava();
        String text = SlurmScript.text(sweep, tasks, cp, java.toString(), List.of("-XX:+UseSerialGC", "-Xmx800m"),
                SweepTask.class.getName(), List.of("sbatch", "--chdir=" + sweep, "--sbatch-arg=$(touch PWNED5)"));
        Path script = Files.writeString(tmp.resolve("job.sh"), text);
        Process check = new ProcessBuilder("bash", "-n", script.toString()).redirectErrorStream(true).start();
        assertTrue(check.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, check.exitValue(), new String(check.getInputStream().readAllBytes()));

        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        Path args = tmp.resolve("args");
        Process p = bash(script, cwd, "1", args);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        String console = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), console);
        List<String> got = List.of(Files.readString(args, StandardCharsets.UTF_8).split("\0", -1));
        List<String> expected = new ArrayList<>(List.of("-XX:+UseSerialGC", "-Xmx800m", "-cp",
                sweep + "/slurm/lib/000-a $(touch PWNED4).jar:" + sweep + "/slurm/lib/001-b'c",
                SweepTask.class.getName(), sweep.toString(), "3", "4", ""));
        assertEquals(expected, got);
        assertTrue(console.contains("array task 1 of job 77"), console);
        for (Path dir : List.of(cwd, tmp, sweep)) {
            try (var s = Files.list(dir)) {
                assertFalse(s.anyMatch(f -> f.getFileName().toString().startsWith("PWNED")), "a command ran in " + dir);
            }
        }
    }

    @Test
    void aTaskLineThatIsNotRunNumbersStopsTheTask() throws Exception {
        Path sweep = Files.createDirectories(tmp.resolve("st"));
        Path tasks = Files.writeString(sweep.resolve("tasks.txt"), "1 $(touch PWNED) *\n");
        String text = SlurmScript.text(sweep, tasks, List.of("slurm/lib/000-a.jar"), fakeJava().toString(), List.of(),
                SweepTask.class.getName(), List.of("sbatch"));
        Path script = Files.writeString(tmp.resolve("job.sh"), text);
        Process p = bash(script, sweep, "0", tmp.resolve("args"));
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        String console = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.exitValue(), console);
        assertTrue(console.contains("is not a list of run numbers"), console);
        assertFalse(Files.exists(tmp.resolve("args")), "java did not start");
        assertFalse(Files.exists(sweep.resolve("PWNED")));
    }

    @Test
    void controlCharactersAreRefusedBeforeAnythingIsWritten() {
        Path sweep = tmp.resolve("st\ntouch PWNED\n");
        SweepException e = assertThrows(SweepException.class, () -> SlurmScript.text(sweep, sweep.resolve("tasks.txt"),
                List.of("slurm/lib/a.jar"), null, List.of(), "Main", List.of("sbatch")));
        assertTrue(e.getMessage().contains("holds a control character (U+000A) at position " + (tmp.toString().length() + 4)),
                e.getMessage());
        assertThrows(SweepException.class, () -> SlurmScript.text(tmp, tmp.resolve("t"), List.of("a.jar"), "java\r",
                List.of(), "Main", List.of("sbatch")));
        assertThrows(SweepException.class, () -> SlurmScript.text(tmp, tmp.resolve("t"), List.of("a.jar"), null,
                List.of(), "Main", List.of("sbatch", "--comment=a\u0085b")));
        SweepException pct = assertThrows(SweepException.class, () -> SlurmScript.text(tmp.resolve("100%"), tmp.resolve("t"),
                List.of("a.jar"), null, List.of(), "Main", List.of("sbatch")));
        assertTrue(pct.getMessage().contains("sbatch reads as a file name pattern"), pct.getMessage());
        assertFalse(Files.exists(tmp.resolve("PWNED")));
    }
}
