package org.lossless.verbs.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * perftest's header block: {@code key : value} pairs, one or two per line, padded with spaces or tabs
 * ("Dual-port       : OFF\t\tDevice         : mlx5_0", "rdma_cm QPs\t : OFF"). Pairs are separated by a
 * tab or two or more spaces; within a pair the first colon splits key from value.
 */
final class KeyValueLine {
    private KeyValueLine() {
    }

    /** Adds the pairs of {@code line} to {@code out} (first occurrence of a key wins); returns how many it found. */
    static int parse(String line, Map<String, String> out) {
        List<String> parts = new ArrayList<>();
        for (String p : line.strip().split("\\t+|\\s{2,}")) {
            if (!p.isBlank()) {
                parts.add(p.strip());
            }
        }
        int found = 0;
        String pendingKey = null;
        for (String p : parts) {
            int colon = p.indexOf(':');
            if (colon < 0) {
                pendingKey = pendingKey == null ? p : pendingKey + " " + p;
                continue;
            }
            String key = p.substring(0, colon).strip();
            String value = p.substring(colon + 1).strip();
            if (key.isEmpty()) {
                key = pendingKey;
            }
            pendingKey = null;
            if (key == null || key.isEmpty()) {
                continue;
            }
            out.putIfAbsent(key, value);
            found++;
        }
        return found;
    }
}
