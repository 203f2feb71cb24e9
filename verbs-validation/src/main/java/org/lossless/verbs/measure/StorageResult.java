package org.lossless.verbs.measure;

import java.util.Map;

/**
 * One fio job.
 *
 * @param id        unique within the record
 * @param jobName   fio's {@code jobname}
 * @param options   fio's {@code job options} as printed
 * @param error     fio's {@code error} (0 = none)
 * @param read      null when the job did no reads
 * @param write     null when the job did no writes
 * @param trim      null when the job did no trims
 * @param job       the scenario job it replays (in a run bundle), or null
 * @param host      the lab host it ran on (in a run bundle), or null
 */
public record StorageResult(String id, String jobName, String fioVersion, Map<String, String> options, int error,
                            FioDirection read, FioDirection write, FioDirection trim, String job, String host) {
    public StorageResult {
        options = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
    }

    /** The same result attributed to a process of a replay: its id, scenario job and host. */
    public StorageResult attributed(String newId, String newJob, String newHost) {
        return new StorageResult(newId, jobName, fioVersion, options, error, read, write, trim, newJob, newHost);
    }
}
