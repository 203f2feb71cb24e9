package org.lossless.cli;

import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * Entry point of {@code lossless.jar}. Always ends with {@code System.exit}: DSOL starts non-daemon
 * threads, so returning from main would not end the process.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        int code;
        try {
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
        System.exit(code);
    }
}
