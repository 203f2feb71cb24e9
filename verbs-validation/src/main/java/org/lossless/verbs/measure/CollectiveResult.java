package org.lossless.verbs.measure;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * One nccl-tests run.
 *
 * @param id           unique within the record
 * @param jobName      the scenario job it replays, or null
 * @param test         the binary ("all_reduce_perf", from "Collective test concluded"), or null
 * @param ranks        ranks listed under "Using devices" (or seen in MPI rank prefixes), or null
 * @param settings     the "# nThread ..." line as key to value (nThread, nGpus, minBytes, maxBytes, warmup iters,
 *                     iters, ...); empty when not printed
 * @param busbwFactor  median busbw/algbw over the rows: 2(n-1)/n for all-reduce, (n-1)/n for gathers, 1 for
 *                     broadcast; null without rows
 * @param avgBusbwGBps "# Avg bus bandwidth", or null when not printed
 * @param outOfBounds  "# Out of bounds values" as printed, or null
 */
public record CollectiveResult(String id, String jobName, String test, Integer ranks, Map<String, String> settings,
                               List<CollectiveRow> rows, Double busbwFactor,
                               @JsonProperty("avg_busbw_GBps") Double avgBusbwGBps, String outOfBounds) {
    public CollectiveResult {
        settings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(settings));
        rows = List.copyOf(rows);
    }

    /** The same result attributed to a process of a replay: its id and scenario job. */
    public CollectiveResult attributed(String newId, String newJob) {
        return new CollectiveResult(newId, newJob, test, ranks, settings, rows, busbwFactor, avgBusbwGBps, outOfBounds);
    }
}
