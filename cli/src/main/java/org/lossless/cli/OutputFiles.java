package org.lossless.cli;

import org.lossless.experiments.results.AtomicDirectory;
import org.lossless.experiments.results.OutputRule;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Writing what the commands produce, under the one output rule ({@link OutputRule}): an existing file is
 * replaced only with {@code --force}; a directory only when it is empty or a previous Lossless result of the
 * same kind. Write failures (disk full, no permission) are the user's to fix: exit 2 with the reason.
 */
final class OutputFiles {
    private OutputFiles() {
    }

    /** Writes {@code text} to {@code file} ({@link OutputRule#writeFile}). */
    static void write(Path file, String text, boolean force) {
        OutputRule.checkFile(file, force);
        try {
            OutputRule.writeFile(file, text, force);
        } catch (IOException e) {
            throw cannotWrite(file, e);
        }
    }

    /** Fills the result directory {@code dir} of {@code kind} atomically ({@link OutputRule#writeDirectory}). */
    static void directory(Path dir, String kind, AtomicDirectory.Writer writer) {
        try {
            OutputRule.writeDirectory(dir, kind, writer);
        } catch (IOException e) {
            throw cannotWrite(dir, e);
        }
    }

    /** "cannot write the results to DIR: no space left on device" and the like (exit 2). */
    static UserError cannotWrite(Path target, IOException e) {
        return new UserError("cannot write the results to " + target + ": " + reason(e));
    }

    /** The operating system's reason in plain words (the file name is said by the caller). */
    static String reason(IOException e) {
        String m = String.valueOf(e.getMessage());
        String lower = m.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("no space left")) {
            return "no space left on device";
        }
        if (lower.contains("disk quota")) {
            return "disk quota exceeded";
        }
        if (e instanceof java.nio.file.AccessDeniedException || lower.contains("permission denied")) {
            return "permission denied";
        }
        if (lower.contains("read-only file system")) {
            return "read-only file system";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        // the JDK names the file but gives no reason for these: say it
        if (e instanceof java.nio.file.NoSuchFileException f) {
            return "no such file or folder: " + org.lossless.core.text.Printable.of(f.getFile(), 200);
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException f) {
            return org.lossless.core.text.Printable.of(f.getFile(), 200) + " exists (a file where a folder is needed?)";
        }
        if (e instanceof java.nio.file.NotDirectoryException f) {
            return org.lossless.core.text.Printable.of(f.getFile(), 200) + " is not a folder";
        }
        return org.lossless.core.text.Printable.of(m, 200);
    }
}
