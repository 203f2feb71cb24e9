package org.lossless.experiments.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.PortCounters;
import org.lossless.switchmodel.OutputQueues;

/**
 * Samples egress queues, sender rates and link loads every {@code intervalPs} with one periodic event,
 * streaming rows to {@code timeseries/queues.csv} ({@code time_ps,node,port,priority,bytes}),
 * {@code timeseries/rates.csv} ({@code time_ps,flow_id,rate_bps,cnps}: {@code cnps} = CNPs counted for the
 * message so far, so a report can mark rate cuts) and {@code timeseries/links.csv}
 * ({@code time_ps,node,port,tx_bytes}: frame bytes the port sent since the previous sample, all priorities).
 *
 * <p>To keep files proportional to activity, a queue row is written when the queue is non-empty or
 * was non-empty at the previous sample (so every return to zero is visible); a rate row is written
 * while the message is running (handed to its NIC, not yet fully acknowledged): the sum of its QPs' current
 * rates when it uses several ({@code qps}), each QP counting while it carries the message. Messages posted
 * while the run goes on are sampled from their post on. The sampler stops re-arming when the run stops. A link row is written only when the port sent something in the interval (an absent row is
 * an idle interval).
 */
public final class TelemetrySampler extends SimEvent {
    private static final long serialVersionUID = 1L;

    /** One queue to watch. */
    public record QueueProbe(String node, int port, OutputQueues queues) {
    }

    /** The messages whose sender rates can be sampled. */
    public interface Rates {
        /** Messages posted so far (ids 0..count-1). */
        int count();

        /** Current rate of message {@code id}, bps: the sum of its QPs' rates while they carry it, else 0. */
        long rateBps(int id, long nowPs);

        /** Congestion notifications counted for message {@code id} so far (summed over its QPs). */
        long cnps(int id);
    }

    /**
     * One port whose load to watch: its counters (frame bytes sent, per priority) and its busy time, which grows
     * whenever it starts a frame (a port whose busy time has not grown sent nothing: its counters are not read).
     */
    public record LinkProbe(String node, int port, EgressPort egress) {
    }

    private final Scheduler sim;
    private final long intervalPs;
    private final Rates rates;
    /** Message ids to sample in ascending order, or null for all. */
    private final long[] watched;
    private final boolean ratesPossible;
    private final CsvRows queueOut;
    private final CsvRows rateOut;
    private final List<LinkProbe> links;
    private final CsvRows linkOut;
    /** [probe] ",node,port," of each queue row, made once. */
    private final char[][] queuePrefix;
    /** [probe] ",node,port," of each link row, made once. */
    private final char[][] linkPrefix;
    /** [probe] frame bytes sent up to the previous sample. */
    private final long[] linkTx;
    /** [probe] the port's busy time at the previous sample, ps. */
    private final long[] linkBusy;
    /** [probe] the queues, in one array (the sampler reads every one of them at every sample). */
    private final OutputQueues[] queueArray;
    /** [probe] the priorities that were non-empty at the last sample (bit p for priority p). */
    private final int[] wasNonEmpty;

    /**
     * @param watched       message ids whose rates to sample, or null for all
     * @param ratesPossible whether a watched message exists or may still be posted (else rates add nothing)
     */
    public TelemetrySampler(Scheduler sim, long intervalPs, List<QueueProbe> queues, Rates rates, long[] watched,
                     boolean ratesPossible, Writer queueOut, Writer rateOut, List<LinkProbe> links, Writer linkOut) {
        if (intervalPs <= 0) {
            throw new IllegalArgumentException("telemetry.sample_interval must be > 0");
        }
        this.sim = sim;
        this.intervalPs = intervalPs;
        this.rates = rates;
        this.watched = watched == null ? null : java.util.Arrays.stream(watched).sorted().distinct().toArray();
        this.ratesPossible = ratesPossible;
        this.queueOut = queueOut == null ? null : new CsvRows(queueOut);
        this.rateOut = rateOut == null ? null : new CsvRows(rateOut);
        this.wasNonEmpty = new int[queues.size()];
        this.queueArray = queues.stream().map(QueueProbe::queues).toArray(OutputQueues[]::new);
        this.links = List.copyOf(links);
        this.linkOut = linkOut == null ? null : new CsvRows(linkOut);
        this.linkTx = new long[links.size()];
        this.linkBusy = new long[links.size()];
        this.queuePrefix = new char[queues.size()][];
        for (int i = 0; i < queuePrefix.length; i++) {
            queuePrefix[i] = prefix(queues.get(i).node(), queues.get(i).port());
        }
        this.linkPrefix = new char[links.size()][];
        for (int i = 0; i < linkPrefix.length; i++) {
            linkPrefix[i] = prefix(links.get(i).node(), links.get(i).port());
        }
    }

    /** ",node,port," of a row. */
    static char[] prefix(String node, int port) {
        return ("," + node + "," + port + ",").toCharArray();
    }

    static void writeHeaders(Writer queueOut, Writer rateOut) throws IOException {
        writeHeaders(queueOut, rateOut, null);
    }

    public static void writeHeaders(Writer queueOut, Writer rateOut, Writer linkOut) throws IOException {
        if (queueOut != null) {
            queueOut.write("time_ps,node,port,priority,bytes\n");
        }
        if (rateOut != null) {
            rateOut.write("time_ps,flow_id,rate_bps,cnps\n");
        }
        if (linkOut != null) {
            linkOut.write("time_ps,node,port,tx_bytes\n");
        }
    }

    public void arm() {
        if (samples()) {
            sim.schedule(this, 0);
        }
    }

    /** Whether this sampler has anything to sample (else {@link #arm} schedules nothing). */
    public boolean samples() {
        return (queueOut != null && queueArray.length > 0) || (rateOut != null && ratesPossible)
                || (linkOut != null && !links.isEmpty());
    }

    @Override
    protected void fire() {
        long now = sim.now();
        try {
            if (queueOut != null) {
                sampleQueues(now);
            }
            if (rateOut != null) {
                sampleRates(now);
            }
            if (linkOut != null) {
                sampleLinks(now);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        sim.schedule(this, now + intervalPs);
    }

    private void sampleQueues(long now) throws IOException {
        for (int i = 0; i < queueArray.length; i++) {
            wasNonEmpty[i] = queueRows(queueOut, now, queuePrefix[i], queueArray[i], wasNonEmpty[i]);
        }
    }

    /**
     * The rows of one switch port's queues at {@code now}: one for every priority non-empty now or at the last sample
     * ({@code wasNonEmpty}, bit p for priority p), in priority order; the others are not read. Returns the priorities
     * non-empty now. (Also the rows of a partition's sampler, {@link PartitionTelemetry}.)
     */
    static int queueRows(CsvRows out, long now, char[] prefix, OutputQueues q, int wasNonEmpty) throws IOException {
        int occupied = q.occupiedPriorities();
        for (int m = occupied | wasNonEmpty; m != 0; m &= m - 1) {
            int prio = Integer.numberOfTrailingZeros(m);
            long bytes = (occupied >>> prio & 1) != 0 ? q.queuedBytes(prio) : 0;
            out.num(now).text(prefix).ch((char) ('0' + prio)).ch(',').num(bytes).endRow();
        }
        return occupied;
    }

    private void sampleRates(long now) throws IOException {
        int count = rates.count();
        if (watched == null) {
            for (int id = 0; id < count; id++) {
                writeRate(now, id);
            }
        } else {
            for (long id : watched) {
                if (id >= count) {
                    break;
                }
                writeRate(now, (int) id);
            }
        }
    }

    private void writeRate(long now, int id) throws IOException {
        long rate = rates.rateBps(id, now);
        if (rate > 0) {
            rateOut.num(now).ch(',').num(id).ch(',').num(rate).ch(',').num(rates.cnps(id)).endRow();
        }
    }

    /**
     * At the end of the run: the link bytes of the last, partial interval (so the rows of a port add up to
     * its total in ports.csv), then every row still gathered handed to its writer (before the caller flushes).
     */
    public void finish(long now) {
        try {
            if (linkOut != null) {
                sampleLinks(now);
                linkOut.drain();
            }
            if (queueOut != null) {
                queueOut.drain();
            }
            if (rateOut != null) {
                rateOut.drain();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void sampleLinks(long now) throws IOException {
        for (int i = 0; i < links.size(); i++) {
            linkRow(linkOut, now, linkPrefix[i], links.get(i).egress(), linkTx, linkBusy, i);
        }
    }

    /**
     * The row of one port's frame bytes sent since the last sample ({@code tx[i]}, its busy time then
     * {@code busy[i]}; both updated), if it sent any. (Also a partition's sampler's, {@link PartitionTelemetry}.)
     */
    static void linkRow(CsvRows out, long now, char[] prefix, EgressPort egress, long[] tx, long[] busy, int i)
            throws IOException {
        long b = egress.busyPs();
        if (b == busy[i]) {
            return; // no frame started since the last sample: nothing sent
        }
        busy[i] = b;
        long total = 0;
        for (int prio = 0; prio < PortCounters.PRIORITIES; prio++) {
            total += egress.counters().txBytes(prio);
        }
        long sent = total - tx[i];
        tx[i] = total;
        if (sent > 0) {
            out.num(now).text(prefix).num(sent).endRow();
        }
    }
}
