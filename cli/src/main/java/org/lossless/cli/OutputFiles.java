package org.lossless.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writing the files the export and import commands produce; failures are bad input naming the option. */
final class OutputFiles {
    private OutputFiles() {
    }

    /**
     * Writes {@code text} to {@code file} through a temporary file in the same folder, so that a failure
     * leaves no half-written file. Creates missing parent folders.
     */
    static void write(Path file, String text, String option) {
        if (Files.isDirectory(file)) {
            throw new UserError(option + " " + file + ": is a directory, expected a file");
        }
        Path tmp = null;
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            tmp = Files.createTempFile(parent, "." + file.getFileName(), ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UserError(option + " " + file + ": cannot write it: " + e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // best effort: the temporary file is hidden and named after the target
                }
            }
        }
    }

    /** A directory for output files: created if missing; an existing non-directory is bad input. */
    static Path directory(Path dir, String option) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UserError(option + " " + dir + ": exists and is not a directory");
        }
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UserError(option + " " + dir + ": cannot create it: " + e);
        }
    }
}
