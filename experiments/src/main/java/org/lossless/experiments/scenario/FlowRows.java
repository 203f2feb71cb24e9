package org.lossless.experiments.scenario;

import java.util.List;

/**
 * Which messages {@code flows.csv} lists one row each ({@code metrics.flows}, docs/scenario.md). The choice
 * changes only which rows the file holds: {@code summary.json} is computed from every message whatever it is.
 */
public enum FlowRows {
    /** Every message, data and control: one row each (the default, what Lossless always wrote). */
    ALL("all"),
    /** Data messages only: control messages (clear-to-sends, capsules, acknowledgements) are left out. */
    DATA("data"),
    /**
     * Collectives' per-step messages aggregated per job, operation and sending host into
     * {@code flows_summary.csv}; every other message keeps its row in {@code flows.csv}.
     */
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
