package org.lossless.cli;

import org.lossless.cli.warm.WarmPaths;
import org.lossless.cli.warm.WarmServer;
import org.lossless.experiments.results.AtomicDirectory;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The daemon's process ({@code lossless daemon start} starts it): warms up, binds the socket, serves until it ends.
 * Arguments: the socket path and the idle time in seconds.
 *
 * <p>Warming up runs a built-in scenario ({@code warmup.yaml}: a 16-host fat-tree, DCQCN, PFC, ECN and flow-size
 * traffic, about a million events) into a temporary folder that is removed after, so that the first command finds
 * the packet engine compiled. It costs a few seconds of CPU once.
 */
public final class WarmMain {
    private WarmMain() {
    }

    public static void main(String[] args) {
        int code = 0;
        try {
            WarmServer server = new WarmServer(Path.of(args[0]), Long.parseLong(args[1]) * 1000, WarmPaths.ownJar(), new WarmCli());
            warmUp();
            server.bind();
            Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "lossless-warm-stop"));
            System.err.println("lossless daemon: pid " + ProcessHandle.current().pid() + " serving on " + args[0]);
            server.serve();
        } catch (IOException | RuntimeException e) {
            System.err.println("lossless daemon: " + e.getMessage());
            code = 1;
        }
        System.exit(code);
    }

    /** Runs the built-in warm-up scenario once, quietly; a failure only costs the warm-up. */
    static void warmUp() throws IOException {
        Path dir = Files.createTempDirectory("lossless-warmup");
        try {
            try (InputStream in = WarmMain.class.getResourceAsStream("warmup.yaml")) {
                Files.writeString(dir.resolve("warmup.yaml"), new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
            StringWriter err = new StringWriter();
            int code = new Cli(new PrintWriter(new StringWriter()), new PrintWriter(err), dir,
                    Terminal.local()).execute("run", "warmup.yaml", "--out", "out", "--quiet");
            if (code != 0) {
                System.err.println("lossless daemon: the warm-up run failed (" + code + "): " + err);
            }
        } finally {
            AtomicDirectory.deleteTree(dir);
        }
    }
}
