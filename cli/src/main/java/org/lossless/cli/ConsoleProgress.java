package org.lossless.cli;

import org.lossless.experiments.sweep.Progress;
import org.lossless.experiments.sweep.RunSpec;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Sweep progress on stderr: on a terminal, one bar redrawn in place (runs done of total, failures, ETA);
 * otherwise a plain line at most every {@value #PLAIN_INTERVAL_MS} ms and at the end. Failures always get
 * their own line. ETA = elapsed / runs finished in this session x runs left.
 */
final class ConsoleProgress implements Progress {
    static final long PLAIN_INTERVAL_MS = 10_000;
    private static final int WIDTH = 30;
    private final PrintWriter err;
    private final boolean terminal;
    private int total;
    private int done;
    private int doneAtStart;
    private int failed;
    private long startNs;
    private long lastPrintNs;
    private boolean barShown;

    ConsoleProgress(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public synchronized void start(int total, int done) {
        this.total = total;
        this.done = done;
        this.doneAtStart = done;
        this.startNs = System.nanoTime();
        this.lastPrintNs = startNs;
        line("lossless: sweep: " + total + " runs" + (done > 0 ? ", " + done + " already complete" : "")
                + (done == total ? ", nothing to run" : ""));
    }

    @Override
    public synchronized void done(RunSpec run) {
        done++;
        update(false);
    }

    @Override
    public synchronized void failed(RunSpec run, String reason) {
        failed++;
        line("lossless: run " + run.label() + " failed: " + reason);
        update(false);
    }

    @Override
    public synchronized void note(String text) {
        line("lossless: " + text);
    }

    @Override
    public synchronized void finish() {
        if (total > doneAtStart) {
            update(true);
        }
        if (barShown) {
            err.println();
            barShown = false;
        }
        err.flush();
    }

    private void update(boolean last) {
        long now = System.nanoTime();
        if (terminal) {
            err.print("\r" + bar(now));
            err.flush();
            barShown = true;
        } else if (last || now - lastPrintNs >= PLAIN_INTERVAL_MS * 1_000_000) {
            err.println("lossless: " + status(now));
            err.flush();
            lastPrintNs = now;
        }
    }

    private void line(String s) {
        if (barShown) {
            err.print("\r" + " ".repeat(WIDTH + 60) + "\r");
            barShown = false;
        }
        err.println(s);
        err.flush();
    }

    private String bar(long now) {
        int filled = total == 0 ? WIDTH : (int) ((long) WIDTH * (done + failed) / total);
        return "[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + status(now);
    }

    private String status(long now) {
        int finished = done - doneAtStart + failed;
        int left = total - done - failed;
        String eta = "";
        if (finished > 0 && left > 0) {
            long secs = (long) ((now - startNs) / 1e9 * left / finished);
            eta = String.format(Locale.ROOT, ", ETA %d:%02d:%02d", secs / 3600, secs / 60 % 60, secs % 60);
        }
        return String.format(Locale.ROOT, "%d/%d runs done, %d failed%s", done, total, failed, eta);
    }
}
