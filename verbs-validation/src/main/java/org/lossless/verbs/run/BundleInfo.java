package org.lossless.verbs.run;

import java.util.List;

/**
 * {@code bundle.json}: the index of a run bundle.
 *
 * @param formatVersion {@value #FORMAT_VERSION}
 * @param t0Ns          the clients' common start instant (epoch ns)
 * @param complete      every process ended by itself with status 0 and every step ran; false says the bundle
 *                      is partial, and {@code problems} says why
 * @param problems      what went wrong, in order
 */
public record BundleInfo(int formatVersion, String scenario, String createdBy, String startedAt, String endedAt, long t0Ns,
                         boolean complete, List<String> problems, List<ProcessRecord> processes,
                         List<SnapshotRecord> snapshots) {
    public static final int FORMAT_VERSION = 1;
    public static final String FILE = "bundle.json";
    /** The directory kind in its marker. */
    public static final String KIND = "replay-bundle";

    public BundleInfo {
        problems = List.copyOf(problems);
        processes = List.copyOf(processes);
        snapshots = List.copyOf(snapshots);
    }
}
