package org.lossless.cli;

import java.io.PrintWriter;
import java.nio.charset.Charset;

import org.lossless.cli.warm.WarmClient;
import org.lossless.experiments.results.Interrupts;

/**
 * Entry point of {@code lossless.jar}. Always ends with {@code System.exit}: DSOL starts non-daemon
 * threads, so returning from main would not end the process. A {@code run} or {@code check} goes to the user's warm
 * JVM when one runs and takes it ({@code lossless daemon}); otherwise it runs here.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        int code;
        try {
            WarmClient warm = WarmClient.forCommand(args);
            Integer served = warm == null ? null : warm.run(args);
            if (served != null) {
                if (warm.interrupted()) {
                    awaitSignalExit();
                }
                System.exit(served);
            }
            Charset cs = Charset.defaultCharset();
            PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, cs), true);
            PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, cs), true);
            code = new Cli(out, err).execute(args);
            out.flush();
            err.flush();
        } catch (OutOfMemoryError e) {
            System.err.println(Cli.outOfMemory());
            code = Cli.BAD_INPUT;
        } catch (Throwable t) {
            System.err.println("lossless: internal error: " + t);
            code = Cli.INTERNAL;
        }
        if (code == Cli.INTERRUPTED && Interrupts.interrupted()) {
            awaitSignalExit();
        }
        System.exit(code);
    }

    /**
     * A run stopped by SIGINT or SIGTERM: the JVM is already ending with the signal's own status (130 or 143)
     * once its shutdown hooks are done. Calling {@code System.exit} here would race it, and once the hooks have
     * run a non-zero {@code exit} halts at once with its own status, so SIGTERM could end with 130. Wait for the
     * signal's exit instead; the bound only guards against a JVM that never finishes its shutdown.
     */
    private static void awaitSignalExit() {
        try {
            Thread.sleep(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
