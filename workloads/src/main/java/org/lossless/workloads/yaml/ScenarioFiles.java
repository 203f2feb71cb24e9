package org.lossless.workloads.yaml;

import java.nio.file.Files;
import java.nio.file.Path;

/** Files a scenario reads: the scenario itself and the files its keys name (flow lists, distributions, topologies). */
public final class ScenarioFiles {
    /** Largest file read: 64 MiB (about a million inline flows in a scenario file). */
    public static final long MAX_BYTES = 64L * 1024 * 1024;

    private ScenarioFiles() {
    }

    /** The UTF-8 text of a file a scenario key names; errors name the key and say what is wrong with the file. */
    public static String readText(Cursor key, Path file, String what) {
        if (Files.isDirectory(file)) {
            throw key.error(file + " is a directory, not " + what);
        }
        if (!Files.exists(file)) {
            throw key.error("file " + file + " does not exist");
        }
        try {
            // a regular file within the size cap (a FIFO would block forever, /dev/zero never end)
            return org.lossless.core.text.UserFiles.readText(file, file.toString(), MAX_BYTES);
        } catch (IllegalArgumentException e) {
            throw key.error(e.getMessage());
        }
    }
}
