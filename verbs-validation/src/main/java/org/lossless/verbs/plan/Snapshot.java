package org.lossless.verbs.plan;

import java.util.List;

/**
 * A command run on a host before and after the replay (counters) or once before it (versions, settings);
 * its stdout is stored raw in the bundle as {@code <name>.txt}.
 *
 * @param name   file name stem, e.g. {@code ethtool_S}
 * @param scope  the interface or device it reads (for the parser), or null
 */
public record Snapshot(String name, String scope, List<String> argv) {
    public Snapshot {
        argv = List.copyOf(argv);
    }
}
