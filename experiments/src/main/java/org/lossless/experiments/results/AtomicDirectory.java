package org.lossless.experiments.results;

import org.lossless.experiments.run.RunInterruptedException;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Creates a directory all at once: its content is written into a hidden temporary sibling
 * ({@code .NAME.tmp-PID.START-*}, {@link TempNames}), which is renamed to the target when the writer returns.
 * If the target exists it is first renamed aside ({@code .NAME.old-PID.START-*}) and deleted after the new
 * one is in place, so a failed writer leaves the old directory untouched and no partial one. The temporary
 * sibling is removed if the process is interrupted ({@link Interrupts}); leftovers of a killed process in the
 * same folder are removed first.
 *
 * <p>This is the mechanism only: it replaces whatever {@code target} is. Commands go through
 * {@link OutputRule}, which first checks that the target is Lossless's to replace.
 */
public final class AtomicDirectory {
    /** Fills a directory. */
    @FunctionalInterface
    public interface Writer {
        void write(Path dir) throws IOException;
    }

    private AtomicDirectory() {
    }

    public static void write(Path target, Writer writer) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        if (parent == null) {
            throw new IOException(target + " is a file system root, not a result directory");
        }
        String name = abs.getFileName().toString();
        if (Files.exists(abs) && !Files.isDirectory(abs)) {
            throw new IOException(target + " exists and is not a directory");
        }
        Path firstCreated = firstMissing(parent);
        Files.createDirectories(parent);
        TempNames.cleanStale(parent);
        Path tmp = TempNames.createDirectory(parent, TempNames.tmpPrefix(name));
        Interrupts.track(tmp);
        boolean done = false;
        try {
            try {
                writer.write(tmp);
            } catch (java.io.UncheckedIOException e) {
                throw e.getCause(); // streamed files (time series) fail inside the run: the disk is full, not a bug
            }
            if (Interrupts.interrupted()) {
                throw new RunInterruptedException(-1, -1); // the shutdown hook tells the user
            }
            if (Files.exists(abs)) {
                replace(tmp, abs);
            } else {
                move(tmp, abs);
            }
            done = true;
        } finally {
            try {
                if (Files.exists(tmp)) {
                    deleteTree(tmp);
                }
            } finally {
                Interrupts.untrack(tmp);
            }
            if (!done && firstCreated != null) {
                removeEmptyDirs(parent, firstCreated);
            }
        }
    }

    /**
     * Replaces the directory {@code target} by the complete directory {@code ready} (on the same file system):
     * the target is renamed aside ({@code .NAME.old-PID.START-*}, which a later write into the folder removes if
     * this process is killed meanwhile), {@code ready} is renamed into place, then the aside copy is deleted.
     * If the second rename fails, the target is put back. Checks nothing: callers go through {@link OutputRule}.
     */
    public static void replace(Path ready, Path target) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        Path old = TempNames.createDirectory(abs.getParent(), TempNames.oldPrefix(abs.getFileName().toString()));
        Files.delete(old);
        move(abs, old);
        try {
            move(ready, abs);
        } catch (IOException e) {
            move(old, abs);
            throw e;
        }
        deleteTree(old);
    }

    /** The outermost ancestor of {@code dir} (or {@code dir} itself) that does not exist yet, or null. */
    private static Path firstMissing(Path dir) {
        Path missing = null;
        for (Path p = dir; p != null && !Files.exists(p); p = p.getParent()) {
            missing = p;
        }
        return missing;
    }

    /** After a failure: removes the directories this call created, from {@code dir} up to {@code top}, if empty. */
    private static void removeEmptyDirs(Path dir, Path top) {
        for (Path p = dir; p != null && p.startsWith(top); p = p.getParent()) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    /** Deletes a directory tree (no symbolic links are followed). */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                if (exc != null) {
                    throw exc;
                }
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
