package org.lossless.experiments.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;

/**
 * The queue and link time series of a partitioned run, sampled by each partition for its own ports: a sampler per
 * partition, an event first at its instant ({@link Scheduler#instantStart}), so it reads the partition's state after
 * every event before the instant and before any at it, as the run's one sampler of a sequential run reads it
 * ({@link TelemetrySampler}, whose rows these are, character for character). Each partition keeps its rows, tagged with
 * the port's place in the file; between windows ({@link #merge}) the samples every partition has taken are written in
 * (time, place) order, so the files do not depend on the partitioning. The work of reading every watched port, most of
 * the step between windows on a busy fabric with the default telemetry (benchmarks/README.md, "Step 26"), runs in the
 * partitions, and the windows no longer end at each sample.
 *
 * <p>Rates ({@code rates.csv}) read the traffic programs' state: they stay with the run's one sampler.
 */
public final class PartitionTelemetry {
    private final long intervalPs;
    private final Writer queueOut;
    private final Writer linkOut;
    private final Part[] parts;
    /** [place] the partition of each watched queue and link, in the files' order, and the link's index there. */
    private final int[] queuePart;
    private final int[] linkPart;
    private final int[] linkLocal;

    /**
     * @param queues       the watched queues in the file's order, {@code queuePartOf} the partition of each
     * @param links        the watched ports in the file's order, {@code linkPartOf} the partition of each
     * @param instantStart each partition's scheduler first at its instants ({@link Scheduler#instantStart})
     * @param queueOut     {@code queues.csv} (header written), or null
     * @param linkOut      {@code links.csv} (header written), or null
     */
    public PartitionTelemetry(long intervalPs, List<TelemetrySampler.QueueProbe> queues, int[] queuePartOf,
                              List<TelemetrySampler.LinkProbe> links, int[] linkPartOf, Scheduler[] instantStart,
                              Writer queueOut, Writer linkOut) {
        if (intervalPs <= 0) {
            throw new IllegalArgumentException("telemetry.sample_interval must be > 0");
        }
        this.intervalPs = intervalPs;
        this.queueOut = queueOut;
        this.linkOut = linkOut;
        List<TelemetrySampler.QueueProbe> q = queueOut == null ? List.of() : queues;
        List<TelemetrySampler.LinkProbe> l = linkOut == null ? List.of() : links;
        int n = instantStart.length;
        queuePart = java.util.Arrays.copyOf(queuePartOf, q.size());
        linkPart = java.util.Arrays.copyOf(linkPartOf, l.size());
        int[] queueLocal = local(queuePart, n);
        linkLocal = local(linkPart, n);
        int[] queuesOf = counts(queuePart, n);
        int[] linksOf = counts(linkPart, n);
        parts = new Part[n];
        for (int p = 0; p < n; p++) {
            parts[p] = new Part(instantStart[p], intervalPs, queuesOf[p], linksOf[p]);
        }
        for (int i = 0; i < q.size(); i++) {
            parts[queuePart[i]].watchQueue(queueLocal[i], i, q.get(i));
        }
        for (int i = 0; i < l.size(); i++) {
            parts[linkPart[i]].watchLink(linkLocal[i], i, l.get(i));
        }
    }

    /** [place] the index of each place among those of its partition ({@code partOf}), in the files' order. */
    private static int[] local(int[] partOf, int partitions) {
        int[] next = new int[partitions];
        int[] local = new int[partOf.length];
        for (int i = 0; i < partOf.length; i++) {
            local[i] = next[partOf[i]]++;
        }
        return local;
    }

    /** [partition] how many places it has. */
    private static int[] counts(int[] partOf, int partitions) {
        int[] n = new int[partitions];
        for (int p : partOf) {
            n[p]++;
        }
        return n;
    }

    /** Schedules each partition's first sample at time 0 (a partition without a watched port has none). */
    public void arm() {
        for (Part p : parts) {
            if (p.watches()) {
                p.sim.schedule(p, 0);
            }
        }
    }

    /**
     * Writes the samples up to {@code uptoPs} (inclusive) that every partition has taken and not written yet, in (time,
     * place) order; between windows only, every partition stopped. {@code uptoPs}: an instant the run has reached
     * (its end is not before it).
     */
    public void merge(long uptoPs) {
        int ready = Integer.MAX_VALUE;
        for (Part p : parts) {
            if (p.watches()) {
                ready = Math.min(ready, p.queueRows.samples);
            }
        }
        if (ready == Integer.MAX_VALUE) {
            return;
        }
        int s = 0;
        try {
            for (; s < ready && timeOf(s) <= uptoPs; s++) {
                write(queueOut, queuePart, s, true);
                write(linkOut, linkPart, s, false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Part p : parts) {
            p.queueRows.drop(s);
            p.linkRows.drop(s);
        }
    }

    /** The time of the first-held sample {@code s}, the same in every partition that watches a port. */
    private long timeOf(int s) {
        long t = -1;
        for (Part p : parts) {
            if (p.watches()) {
                long pt = p.queueRows.time[s];
                if (t >= 0 && pt != t) {
                    throw new IllegalStateException("partitions sampled at " + t + " and " + pt + " ps");
                }
                t = pt;
            }
        }
        return t;
    }

    /** Sample {@code s}'s rows of one file, place by place. */
    private void write(Writer out, int[] partOf, int s, boolean queues) throws IOException {
        if (out == null) {
            return;
        }
        int[] cursor = new int[parts.length];
        for (int p = 0; p < parts.length; p++) {
            Rows r = queues ? parts[p].queueRows : parts[p].linkRows;
            cursor[p] = s == 0 ? 0 : r.lastBlock[s - 1];
        }
        for (int place = 0; place < partOf.length; place++) {
            int p = partOf[place];
            Rows r = queues ? parts[p].queueRows : parts[p].linkRows;
            int c = cursor[p];
            if (c < r.lastBlock[s] && r.probe[c] == place) {
                int start = c == 0 ? 0 : r.end[c - 1];
                out.write(r.text.buf, start, r.end[c] - start);
                cursor[p] = c + 1;
            }
        }
    }

    /**
     * At the end of the run ({@code endPs}, every partition stopped): each partition takes the sample due at the end if
     * it has not yet (it ran no event at that instant, so its state is the instant's), the samples up to the end are
     * written (those past it, taken while partitions ran on to the end of their last window, are not), then the frame
     * bytes of the last, partial interval as the run's one sampler writes them.
     */
    public void finish(long endPs) {
        try {
            for (Part p : parts) {
                if (p.watches()) {
                    while (p.next <= endPs) {
                        p.sample(p.next);
                    }
                }
            }
            merge(endPs);
            if (linkOut != null) {
                CsvRows last = new CsvRows(linkOut);
                for (int place = 0; place < linkPart.length; place++) {
                    Part p = parts[linkPart[place]];
                    int i = linkLocal[place];
                    TelemetrySampler.linkRow(last, endPs, p.linkPrefix[i], p.links[i].egress(), p.tx, p.busy, i);
                }
                last.drain();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The events the partitions' samplers ran beyond one per sample instant up to {@code endPs} ({@code oneBeside}: none
     * at all, the run's one sampler running at each instant anyway for the rates): a partitioned run's event count less
     * this is that of a run with one sampler, whatever the partitioning (summary.json's {@code events} is a result: the
     * same for every number of threads).
     */
    public long extraEvents(long endPs, boolean oneBeside) {
        long fired = 0;
        boolean any = false;
        for (Part p : parts) {
            if (p.watches()) {
                fired += p.fired;
                any = true;
            }
        }
        return !any ? 0 : oneBeside ? fired : fired - (endPs / intervalPs + 1);
    }

    /** One partition's sampler: its watched ports, their state at the last sample, its rows not written yet. */
    private static final class Part extends SimEvent {
        private static final long serialVersionUID = 1L;
        final Scheduler sim;
        final long intervalPs;
        final TelemetrySampler.QueueProbe[] queues;
        final int[] queuePlace;
        final char[][] queuePrefix;
        final int[] wasNonEmpty;
        final TelemetrySampler.LinkProbe[] links;
        final int[] linkPlace;
        final char[][] linkPrefix;
        final long[] tx;
        final long[] busy;
        final Rows queueRows = new Rows();
        final Rows linkRows = new Rows();
        /** The next sample's time, ps. */
        long next;
        /** Samples taken by the event (not at the run's end). */
        long fired;

        Part(Scheduler sim, long intervalPs, int queues, int links) {
            this.sim = sim;
            this.intervalPs = intervalPs;
            this.queues = new TelemetrySampler.QueueProbe[queues];
            this.queuePlace = new int[queues];
            this.queuePrefix = new char[queues][];
            this.wasNonEmpty = new int[queues];
            this.links = new TelemetrySampler.LinkProbe[links];
            this.linkPlace = new int[links];
            this.linkPrefix = new char[links][];
            this.tx = new long[links];
            this.busy = new long[links];
        }

        void watchQueue(int i, int place, TelemetrySampler.QueueProbe q) {
            queues[i] = q;
            queuePlace[i] = place;
            queuePrefix[i] = TelemetrySampler.prefix(q.node(), q.port());
        }

        void watchLink(int i, int place, TelemetrySampler.LinkProbe l) {
            links[i] = l;
            linkPlace[i] = place;
            linkPrefix[i] = TelemetrySampler.prefix(l.node(), l.port());
        }

        boolean watches() {
            return queues.length + links.length > 0;
        }

        @Override
        protected void fire() {
            fired++;
            long now = sim.now();
            sample(now);
            sim.schedule(this, now + intervalPs);
        }

        /** The rows of every watched port at {@code now}. */
        void sample(long now) {
            try {
                for (int i = 0; i < queues.length; i++) {
                    wasNonEmpty[i] = TelemetrySampler.queueRows(queueRows.csv, now, queuePrefix[i], queues[i].queues(),
                            wasNonEmpty[i]);
                    queueRows.endBlock(queuePlace[i]);
                }
                for (int i = 0; i < links.length; i++) {
                    TelemetrySampler.linkRow(linkRows.csv, now, linkPrefix[i], links[i].egress(), tx, busy, i);
                    linkRows.endBlock(linkPlace[i]);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e); // into a char array: not thrown
            }
            queueRows.endSample(now);
            linkRows.endSample(now);
            next = now + intervalPs;
        }
    }

    /**
     * A partition's rows of one file not written yet: their text, in blocks of one port each (its place in the file,
     * the end of its text), in samples (the time, the end of its blocks).
     */
    static final class Rows {
        final Text text = new Text();
        final CsvRows csv = new CsvRows(text);
        int[] probe = new int[64];
        int[] end = new int[64];
        int blocks;
        long[] time = new long[8];
        int[] lastBlock = new int[8];
        int samples;

        /** The rows written since the last block are port {@code place}'s (none: no block). */
        void endBlock(int place) throws IOException {
            csv.drain();
            int mark = blocks == 0 ? 0 : end[blocks - 1];
            if (text.len > mark) {
                if (blocks == probe.length) {
                    probe = java.util.Arrays.copyOf(probe, blocks * 2);
                    end = java.util.Arrays.copyOf(end, blocks * 2);
                }
                probe[blocks] = place;
                end[blocks] = text.len;
                blocks++;
            }
        }

        void endSample(long t) {
            if (samples == time.length) {
                time = java.util.Arrays.copyOf(time, samples * 2);
                lastBlock = java.util.Arrays.copyOf(lastBlock, samples * 2);
            }
            time[samples] = t;
            lastBlock[samples] = blocks;
            samples++;
        }

        /** Forgets the first {@code n} samples (written). */
        void drop(int n) {
            if (n == 0) {
                return;
            }
            int b = lastBlock[n - 1];
            int chars = b == 0 ? 0 : end[b - 1];
            System.arraycopy(text.buf, chars, text.buf, 0, text.len - chars);
            text.len -= chars;
            for (int i = b; i < blocks; i++) {
                probe[i - b] = probe[i];
                end[i - b] = end[i] - chars;
            }
            blocks -= b;
            for (int i = n; i < samples; i++) {
                time[i - n] = time[i];
                lastBlock[i - n] = lastBlock[i] - b;
            }
            samples -= n;
        }
    }

    /** A writer into a char array that grows (its characters read back by {@link #write}). */
    static final class Text extends Writer {
        char[] buf = new char[1 << 12];
        int len;

        @Override
        public void write(char[] c, int off, int n) {
            if (len + n > buf.length) {
                buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
            }
            System.arraycopy(c, off, buf, len, n);
            len += n;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
