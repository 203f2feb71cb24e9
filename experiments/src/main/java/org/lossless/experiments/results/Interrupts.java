package org.lossless.experiments.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What happens to output being written when the process is asked to end (SIGINT from Ctrl-C, SIGTERM from
 * {@code kill} or a batch scheduler): a JVM shutdown hook, installed at the first temporary path, asks the
 * registered {@link Handler}s to stop their work, waits up to {@link #GRACE_MS} for the writers to unwind
 * (they remove their own temporary siblings), removes whatever temporary path is still there, and then tells
 * the handlers it is done (so the command can print one line such as "interrupted at 2.31 ms of 10 ms
 * simulated; no results written"). A normal exit finds nothing to do. SIGKILL cannot be caught: its
 * leftovers are removed by the next write into the same folder ({@link TempNames#cleanStale}).
 *
 * <p>A warm JVM that serves commands one after another (the {@code lossless daemon}) does the same for one command
 * without ending: {@link #interruptNow()} when that command's client is interrupted, {@link #clear()} once the
 * command has returned.
 */
public final class Interrupts {
    /** How long the hook waits for writers to remove their own temporary output, ms. */
    static final long GRACE_MS = 5_000;
    private static final Set<Path> ACTIVE = ConcurrentHashMap.newKeySet();
    private static final List<Handler> HANDLERS = new CopyOnWriteArrayList<>();
    private static final Object LOCK = new Object();
    private static volatile boolean hooked;
    private static volatile boolean shuttingDown;

    /** Work that can be asked to stop, and told when the clean-up is over. Called on the hook's thread. */
    public interface Handler {
        /** Ask the work to end soon (e.g. stop the simulation kernel); must not block. */
        void stop();

        /** Every temporary output is gone; print what the user should know. */
        void cleaned();

        /**
         * Whether to be told also when no output is being written at that moment (a sweep between two runs still
         * says it was interrupted); by default a handler hears only of interrupts that caught output in progress.
         */
        default boolean always() {
            return false;
        }
    }

    private Interrupts() {
    }

    /** Registers {@code h} until the returned handle is closed. */
    public static Registration register(Handler h) {
        if (h.always() && !hooked) {
            install();
        }
        HANDLERS.add(h);
        if (shuttingDown) {
            h.stop(); // registered after the interrupt: stop at once (its cleaned() is not called)
        }
        return () -> HANDLERS.remove(h);
    }

    /** Unregisters a {@link Handler} (close does not throw). */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** True once the JVM has begun to shut down with output in progress. */
    public static boolean interrupted() {
        return shuttingDown;
    }

    /** A temporary path being written; removed by the hook if the process ends before {@link #untrack}. */
    static void track(Path p) {
        if (!hooked) {
            install();
        }
        ACTIVE.add(p);
    }

    static void untrack(Path p) {
        ACTIVE.remove(p);
        synchronized (LOCK) {
            LOCK.notifyAll();
        }
    }

    private static synchronized void install() {
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(Interrupts::onShutdown, "lossless-cleanup"));
            hooked = true;
        }
    }

    /**
     * Interrupts the command in progress as the shutdown hook would (its handlers stopped, its temporary output
     * removed, then told), without ending the JVM; work registered later is stopped at once, and no output is
     * published, until {@link #clear()}. Blocks up to {@link #GRACE_MS} while writers unwind.
     */
    public static void interruptNow() {
        shuttingDown = true;
        onShutdown();
    }

    /** After an interrupted command has returned: the next command runs normally. */
    public static void clear() {
        shuttingDown = false;
    }

    private static void onShutdown() {
        // a snapshot: the work unwinding on its own thread unregisters its handler, which must still be told
        List<Handler> handlers = List.copyOf(HANDLERS);
        if (ACTIVE.isEmpty()) {
            handlers = handlers.stream().filter(Handler::always).toList();
            if (handlers.isEmpty()) {
                return;
            }
        }
        shuttingDown = true;
        for (Handler h : handlers) {
            h.stop();
        }
        if (!handlers.isEmpty()) {
            long end = System.currentTimeMillis() + GRACE_MS;
            synchronized (LOCK) {
                long left;
                while (!ACTIVE.isEmpty() && (left = end - System.currentTimeMillis()) > 0) {
                    try {
                        LOCK.wait(Math.min(left, 50));
                    } catch (InterruptedException e) {
                        break;
                    }
                }
            }
        }
        for (Path p : ACTIVE) {
            remove(p);
        }
        for (Handler h : handlers) {
            h.cleaned();
        }
    }

    /** Removes a path a writer may still be adding to: a few attempts. */
    private static void remove(Path p) {
        for (int attempt = 0; attempt < 5 && Files.exists(p); attempt++) {
            try {
                if (Files.isDirectory(p)) {
                    AtomicDirectory.deleteTree(p);
                } else {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                // a file appeared meanwhile: try again
            }
        }
    }
}
