package org.lossless.cli;

import org.lossless.experiments.run.ScenarioRunner;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the commands share: the streams, the working directory that relative paths and the default
 * {@code results/} folder resolve against, the engine and report factories (replaced in tests), and the user's
 * terminal (this process's, or a warm JVM's client's).
 */
record Context(PrintWriter out, PrintWriter err, Path cwd, Supplier<ScenarioRunner> runner, Consumer<Path> reporter,
               Terminal terminal) {
    Path resolve(Path p) {
        return cwd.resolve(p).normalize();
    }
}
