package org.lossless.workloads.yaml;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where a scenario tree came from: the file's display name, its folder (relative paths resolve against
 * it) and the {@code --set} overrides applied to the tree, so that an error on an overridden key names
 * the option as well as the key.
 *
 * @param file      display name used in messages (the path as the user typed it)
 * @param baseDir   folder of the scenario file, absolute
 * @param overrides canonical key path -> the option as typed ({@code switch.ecn.kmin=100KB})
 */
public record Source(String file, Path baseDir, Map<String, String> overrides) {
    public Source {
        overrides = Map.copyOf(overrides);
    }

    /** An error at a key path, annotated with the {@code --set} option that wrote it, if any. */
    public ScenarioException error(String path, String detail) {
        String set = overrideFor(path);
        String where = path;
        if (set != null) {
            where = (path == null || path.isEmpty() ? "" : path + " ") + "(from --set " + set + ")";
        }
        return new ScenarioException(file, where, detail);
    }

    private String overrideFor(String path) {
        if (path == null) {
            return null;
        }
        String best = null;
        int bestLength = -1;
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            String op = e.getKey();
            boolean related = op.equals(path) || isBelow(path, op) || isBelow(op, path);
            if (related && op.length() > bestLength) {
                best = e.getValue();
                bestLength = op.length();
            }
        }
        return best;
    }

    /** True if {@code path} lies strictly inside {@code parent} ({@code a.b[0]} is inside {@code a.b}). */
    private static boolean isBelow(String path, String parent) {
        if (parent.isEmpty()) {
            return true;
        }
        return path.length() > parent.length() && path.startsWith(parent)
                && (path.charAt(parent.length()) == '.' || path.charAt(parent.length()) == '[');
    }
}
