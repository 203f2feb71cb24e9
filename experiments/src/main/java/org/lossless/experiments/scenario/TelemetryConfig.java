package org.lossless.experiments.scenario;

import java.util.List;
import java.util.Objects;

/**
 * The {@code telemetry} section: which time series to sample.
 *
 * @param sampleIntervalPs sampling period of every time series, ps (&gt; 0)
 * @param queues           egress queues for {@code timeseries/queues.csv}
 * @param flowRates        flow ids for {@code timeseries/rates.csv}
 * @param pfc              write every PFC pause and resume to {@code timeseries/pfc.csv} (not sampled: one
 *                         row per XOFF/XON decision)
 * @param links            ports (switch and host, {@code node:port}) whose transmitted bytes per sample interval
 *                         go to {@code timeseries/links.csv} (link utilisation over time)
 */
public record TelemetryConfig(long sampleIntervalPs, Selection<QueueRef> queues, Selection<Long> flowRates,
                              boolean pfc, Selection<QueueRef> links) {
    public TelemetryConfig {
        if (sampleIntervalPs <= 0) {
            throw new IllegalArgumentException("sample interval must be > 0 ps, got " + sampleIntervalPs);
        }
        Objects.requireNonNull(queues, "queues");
        Objects.requireNonNull(flowRates, "flowRates");
        Objects.requireNonNull(links, "links");
    }

    /** With every link's load in {@code timeseries/links.csv} (the default). */
    public TelemetryConfig(long sampleIntervalPs, Selection<QueueRef> queues, Selection<Long> flowRates, boolean pfc) {
        this(sampleIntervalPs, queues, flowRates, pfc, Selection.everything());
    }

    /** With {@code timeseries/pfc.csv} and {@code timeseries/links.csv} on (the defaults). */
    public TelemetryConfig(long sampleIntervalPs, Selection<QueueRef> queues, Selection<Long> flowRates) {
        this(sampleIntervalPs, queues, flowRates, true);
    }

    /**
     * {@code all}, {@code none} or an explicit list.
     *
     * @param all   everything (then {@code items} is empty)
     * @param items the listed things when not {@code all}; empty and not all means none
     */
    public record Selection<T>(boolean all, List<T> items) {
        public Selection {
            items = List.copyOf(items);
            if (all && !items.isEmpty()) {
                throw new IllegalArgumentException("a selection is either all or a list");
            }
        }

        public static <T> Selection<T> everything() {
            return new Selection<>(true, List.of());
        }

        public static <T> Selection<T> nothing() {
            return new Selection<>(false, List.of());
        }

        public static <T> Selection<T> of(List<T> items) {
            return new Selection<>(false, items);
        }

        public boolean none() {
            return !all && items.isEmpty();
        }

        public boolean includes(T item) {
            return all || items.contains(item);
        }
    }

    /**
     * An egress port written {@code "node:port"}, e.g. {@code sw0:3}.
     *
     * @param node switch name as in the topology ({@code sw0} in a star); for {@code links} also a host ({@code h0})
     * @param port port index on that switch
     */
    public record QueueRef(String node, int port) {
        public QueueRef {
            if (node == null || node.isEmpty() || port < 0) {
                throw new IllegalArgumentException("bad queue reference " + node + ":" + port);
            }
        }

        @Override
        public String toString() {
            return node + ":" + port;
        }
    }
}
