package org.lossless.experiments.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.lossless.experiments.sweep.SummaryFigures;

/** A result directory read for comparison: every file's text by its relative path, the run's cost figures aside. */
final class ResultTree {
    private ResultTree() {
    }

    /** The files under {@code out}; {@code summary.json} without its machine figures (wall, CPU, heap). */
    static TreeMap<String, String> read(Path out) throws IOException {
        TreeMap<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(out)) {
            for (Path p : (Iterable<Path>) all.filter(Files::isRegularFile)::iterator) {
                String text = Files.readString(p);
                if (p.getFileName().toString().equals("summary.json")) {
                    text = SummaryFigures.withoutMachineFigures(text);
                }
                files.put(out.relativize(p).toString(), text);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return files;
    }
}
