package org.lossless.experiments.sweep;

import org.lossless.experiments.results.AtomicDirectory;

import java.io.File;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies the running program (every entry of this JVM's class path: the {@code lossless.jar} of
 * {@code ./lossless}, or the module folders and jars of a development build) into a sweep directory, so
 * Slurm tasks run exactly the program that submitted them even if the build is changed or removed while
 * they wait, and need nothing from the submitting host but the (shared) sweep directory.
 */
final class ProgramCopy {
    private ProgramCopy() {
    }

    /**
     * Replaces {@code lib} by a copy of the class path.
     *
     * @return the class path entries inside {@code lib}, as names relative to it, in class path order
     */
    static List<String> copy(Path lib) throws IOException {
        if (Files.exists(lib)) {
            AtomicDirectory.deleteTree(lib);
        }
        Files.createDirectories(lib);
        List<String> names = new ArrayList<>();
        int i = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path src = Path.of(entry).toAbsolutePath();
            if (!Files.exists(src)) {
                continue;
            }
            String name = String.format("%03d-%s", i++, src.getFileName());
            Path dst = lib.resolve(name);
            if (Files.isDirectory(src)) {
                copyTree(src, dst);
            } else {
                Files.copy(src, dst, StandardCopyOption.COPY_ATTRIBUTES);
            }
            names.add(name);
        }
        if (names.isEmpty()) {
            throw new IOException("cannot find the program's class path (java.class.path is empty)");
        }
        return names;
    }

    private static void copyTree(Path src, Path dst) throws IOException {
        Files.walkFileTree(src, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(dst.resolve(src.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(file, dst.resolve(src.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
