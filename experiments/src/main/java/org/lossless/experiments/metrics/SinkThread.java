package org.lossless.experiments.metrics;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link FlowSink} that hands the rows on to another sink on a thread of its own, so that the files' work (rows
 * formatted and written, groups aggregated, percentile values kept) runs beside the simulation instead of in it: on
 * the partitioned engine that work was in the step between windows, which every thread waits for (benchmarks/README.md,
 * "Step 25"). The other sink sees the same calls in the same order, on one thread, so the files are the same bytes.
 *
 * <p>Rows go in batches of {@value #BATCH} through a queue of {@value #QUEUED} batches: the run waits when the writer
 * is that far behind (its memory stays bounded: about 1.5 MB of rows). {@link #drain} hands on the rest, waits for
 * the writer and rethrows what it threw; {@link #close} stops the writer of a run that failed. A failure of the writer
 * is rethrown by the next call of the run.
 */
public final class SinkThread implements FlowSink, AutoCloseable {
    /** Rows per batch. */
    static final int BATCH = 256;
    /** Batches queued at most. */
    static final int QUEUED = 32;

    /** The run ended at {@code endPs} ({@link FlowSink#end}), in order among the rows. */
    private record End(long endPs) {
    }

    /** The last batch: the writer stops after it. */
    private static final Object[] LAST = new Object[0];

    private final FlowSink inner;
    private final ArrayBlockingQueue<Object[]> queue = new ArrayBlockingQueue<>(QUEUED);
    private final Thread writer;
    private Object[] batch = new Object[BATCH];
    private int n;
    private volatile Throwable failure;
    private boolean drained;
    private boolean started;

    /**
     * The writer thread of {@code inner} (named {@code name}), started with the first batch (a run that fails before
     * any row leaves no thread); {@code inner} is touched by it alone from then.
     */
    public SinkThread(FlowSink inner, String name) {
        this.inner = java.util.Objects.requireNonNull(inner, "inner");
        this.writer = new Thread(this::write, name);
        writer.setDaemon(true); // a run that fails closes it; this only keeps a forgotten one from holding the JVM
    }

    @Override
    public void accept(FlowResult row) {
        add(row);
    }

    @Override
    public void end(long endPs) {
        add(new End(endPs));
    }

    private void add(Object item) {
        batch[n++] = item;
        if (n == BATCH) {
            hand(batch);
            batch = new Object[BATCH];
            n = 0;
        }
    }

    /** Queues {@code b}, waiting while the queue is full; rethrows the writer's failure. */
    private void hand(Object[] b) {
        if (!started) {
            started = true;
            writer.start();
        }
        try {
            while (!queue.offer(b, 10, TimeUnit.MILLISECONDS)) {
                rethrow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing rows to the result files", e);
        }
        rethrow();
    }

    /** Hands on every row, waits until the other sink has them all, and rethrows what the writer threw. */
    public void drain() {
        if (drained) {
            return;
        }
        drained = true;
        if (n > 0) {
            hand(java.util.Arrays.copyOf(batch, n));
            n = 0;
        }
        hand(LAST);
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the result files were written", e);
        }
        rethrow();
    }

    /** Stops the writer without handing on what is left (a run that failed); idempotent. */
    @Override
    public void close() {
        drained = true;
        if (!started) {
            return;
        }
        writer.interrupt();
        try {
            writer.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void rethrow() {
        Throwable f = failure;
        if (f != null) {
            throw org.lossless.core.kernel.Rethrow.unchecked(f);
        }
    }

    /** The writer: each batch's items to the other sink, in order, until the last batch. */
    private void write() {
        try {
            while (true) {
                Object[] b = queue.take();
                if (b == LAST) {
                    return;
                }
                for (Object item : b) {
                    if (item instanceof FlowResult r) {
                        inner.accept(r);
                    } else if (item instanceof End e) {
                        inner.end(e.endPs());
                    }
                }
            }
        } catch (InterruptedException e) {
            // closed: the run failed
        } catch (Throwable t) {
            failure = t;
        }
    }
}
