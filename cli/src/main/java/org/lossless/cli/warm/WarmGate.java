package org.lossless.cli.warm;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The daemon's bound on connections that have not yet sent their request: at most {@link #MAX_PENDING} at once (a
 * connection beyond is closed at once: its client runs the command itself), each closed when its request has not
 * arrived within the timeout. Real clients send the whole request at once, right after connecting; an idle or
 * trickling connection costs the daemon a thread for that long at most, never for ever.
 */
final class WarmGate {
    /** Connections waiting for their request at once. */
    static final int MAX_PENDING = 32;
    /** Default time for a request to arrive, ms. */
    static final long REQUEST_TIMEOUT_MS = 10_000;

    private final Semaphore pending = new Semaphore(MAX_PENDING);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "lossless-warm-deadline");
        t.setDaemon(true);
        return t;
    });
    private final long timeoutMs;

    /** @param timeoutMs how long a connection may take to send its request, ms (&gt; 0) */
    WarmGate(long timeoutMs) {
        if (timeoutMs <= 0) {
            throw new IllegalArgumentException("request timeout must be > 0 ms");
        }
        this.timeoutMs = timeoutMs;
    }

    /** A ticket for {@code c} that closes it after the timeout unless {@link Ticket#arrived()}; null when full. */
    Ticket admit(SocketChannel c) {
        if (!pending.tryAcquire()) {
            return null;
        }
        return new Ticket(timer.schedule(() -> close(c), timeoutMs, TimeUnit.MILLISECONDS));
    }

    /** Ends the timer (the server has ended). */
    void shutdown() {
        timer.shutdownNow();
    }

    private static void close(SocketChannel c) {
        try {
            c.close(); // a read blocked on it ends with an exception
        } catch (IOException e) {
            // closed already
        }
    }

    /** One admitted connection until its request has arrived. */
    final class Ticket implements AutoCloseable {
        private final ScheduledFuture<?> deadline;
        private boolean released;

        private Ticket(ScheduledFuture<?> deadline) {
            this.deadline = deadline;
        }

        /** The request has been read: no deadline any more, room for another connection. */
        void arrived() {
            close();
        }

        @Override
        public void close() {
            deadline.cancel(false);
            if (!released) {
                released = true;
                pending.release();
            }
        }
    }
}
