package org.lossless.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The collector settings are written three times, in languages that cannot share them: the launcher
 * ({@code ./lossless}), the Slurm task script ({@link SlurmJob#COLLECTOR}) and the sweep benchmark script. Their
 * documentation says they are the same; this keeps them so when one is edited.
 */
class SlurmJobCollectorTest {
    private static final Pattern GC = Pattern.compile("(?m)^gc=\\(([^)]*)\\)");

    private static String gcFlags(Path script) throws IOException {
        Matcher m = GC.matcher(Files.readString(script));
        assertTrue(m.find(), script + " has no gc=(...) array");
        return m.group(1).trim().replaceAll("\\s+", " ");
    }

    @Test
    void slurmTasksUseTheLaunchersCollectorSettings() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assertEquals(gcFlags(root.resolve("lossless")), SlurmJob.COLLECTOR);
        assertEquals(gcFlags(root.resolve("lossless")), gcFlags(root.resolve("benchmarks/sweep/run.sh")));
    }
}
