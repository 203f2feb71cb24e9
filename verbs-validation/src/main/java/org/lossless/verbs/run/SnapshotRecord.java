package org.lossless.verbs.run;

import java.util.List;

/**
 * One snapshot command's result, in {@code bundle.json}.
 *
 * @param phase    {@code versions} (once), {@code pre} or {@code post}
 * @param scope    the interface or device it reads, or null
 * @param file     its stdout inside the bundle
 * @param exitCode its exit status; -1 when it timed out (a missing tool gives 127: not available)
 */
public record SnapshotRecord(String host, String phase, String name, String scope, List<String> argv, String file,
                             int exitCode) {
    public SnapshotRecord {
        argv = List.copyOf(argv);
    }
}
