package org.lossless.experiments.scenario;

import java.util.List;

/**
 * Which messages {@code flows.csv} lists one row each ({@code metrics.flows}, docs/scenario.md); the messages it
 * leaves out are counted, aggregated per job, step kind and sending host, in {@code flows_summary.csv}, so every
 * message is in exactly one of the two files. The choice changes only the rows: {@code summary.json},
 * {@code jobs.csv} and {@code ports.csv} are computed from every message whatever it is.
 */
public enum FlowRows {
    /** Every message, data and control: one row each (the default of earlier versions; ask for it to get them back). */
    ALL("all"),
    /**
     * The data messages of the workloads that are not collectives keep their rows; the collectives' per-step
     * messages and every control message (clear-to-sends, capsules, acknowledgements) are aggregated. The default.
     */
    DATA("data"),
    /** No per-message row ({@code flows.csv} is its header alone): every message is aggregated. */
    SUMMARY("summary");

    private final String key;

    FlowRows(String key) {
        this.key = key;
    }

    /** The value in the scenario. */
    public String key() {
        return key;
    }

    /** Every value's key, in declaration order. */
    public static List<String> keys() {
        return java.util.Arrays.stream(values()).map(FlowRows::key).toList();
    }

    /** The value of {@code key} (one of {@link #keys()}). */
    public static FlowRows of(String key) {
        for (FlowRows r : values()) {
            if (r.key.equals(key)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown metrics.flows value " + key);
    }
}
