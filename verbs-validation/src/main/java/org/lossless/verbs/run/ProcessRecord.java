package org.lossless.verbs.run;

import java.util.List;

/**
 * What happened to one planned process, in {@code bundle.json}.
 *
 * @param requestedStartNs wall-clock start asked for (epoch ns; servers: when launched)
 * @param startedNs        when its wrapper says it really started (epoch ns, the remote host's clock), or null
 * @param exitCode         its exit status, or null when it never ended by itself
 * @param timedOut         it was still running at the deadline and was stopped
 * @param stdout           path of its stdout inside the bundle
 * @param stderr           path of its stderr inside the bundle
 */
public record ProcessRecord(String id, String host, String role, String output, List<Long> flowIds, String job,
                            List<String> argv, long requestedStartNs, Long startedNs, Integer exitCode, boolean timedOut,
                            String stdout, String stderr) {
    public ProcessRecord {
        flowIds = List.copyOf(flowIds);
        argv = List.copyOf(argv);
    }
}
