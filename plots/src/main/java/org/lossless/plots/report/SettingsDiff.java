package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings two resolved scenarios differ in, as rows {@code key, baseline, candidate} over dotted keys
 * ({@code workloads[1].flows[0].src}). A subtree only one side has (a workload the other run lacks) is one row, its
 * key the subtree's, "(absent)" on the side without it and on the other "N settings: " with its first few, instead
 * of one row per setting in it.
 */
final class SettingsDiff {
    /** Settings of an absent subtree named in its row. */
    static final int SHOWN = 4;

    private SettingsDiff() {
    }

    static List<String[]> rows(Map<String, String> base, Map<String, String> cand) {
        List<String> keys = new ArrayList<>(base.keySet());
        cand.keySet().stream().filter(k -> !base.containsKey(k)).forEach(keys::add);
        List<String[]> out = new ArrayList<>();
        Map<String, List<String>> subtrees = new LinkedHashMap<>(); // subtree -> its keys (one side only)
        Map<String, Boolean> inBase = new LinkedHashMap<>();
        for (String k : keys) {
            boolean b = base.containsKey(k);
            boolean c = cand.containsKey(k);
            if (b && c) {
                if (!base.get(k).equals(cand.get(k))) {
                    out.add(new String[] {k, base.get(k), cand.get(k)});
                }
                continue;
            }
            String root = absentRoot(k, b ? cand : base);
            if (!subtrees.containsKey(root)) {
                out.add(new String[] {root}); // a placeholder, filled in below, at the subtree's first key
            }
            subtrees.computeIfAbsent(root, r -> new ArrayList<>()).add(k);
            inBase.put(root, b);
        }
        for (int i = 0; i < out.size(); i++) {
            String[] r = out.get(i);
            if (r.length == 1) {
                boolean b = inBase.get(r[0]);
                String summary = summary(r[0], subtrees.get(r[0]), b ? base : cand);
                out.set(i, b ? new String[] {r[0], summary, "(absent)"} : new String[] {r[0], "(absent)", summary});
            }
        }
        return out;
    }

    /** The shortest prefix of {@code key} ({@code a}, {@code a.b}, {@code a.b[1]}, ...) that {@code other} has nothing under. */
    static String absentRoot(String key, Map<String, String> other) {
        for (int i = 0; i < key.length(); i++) {
            char ch = key.charAt(i);
            if (ch == '.' || ch == '[') {
                String p = key.substring(0, i);
                if (!p.isEmpty() && !has(other, p)) {
                    return p;
                }
            }
        }
        return key;
    }

    private static boolean has(Map<String, String> m, String prefix) {
        for (String k : m.keySet()) {
            if (k.equals(prefix) || k.startsWith(prefix + ".") || k.startsWith(prefix + "[")) {
                return true;
            }
        }
        return false;
    }

    /** "46 settings: type: flows; name: incast; flows[0].src: 40; flows[0].dst: 5; …" (one setting: as it is). */
    static String summary(String root, List<String> keys, Map<String, String> side) {
        if (keys.size() == 1 && keys.get(0).equals(root)) {
            return side.get(root);
        }
        List<String> parts = new ArrayList<>();
        for (String k : keys.subList(0, Math.min(SHOWN, keys.size()))) {
            parts.add(k.substring(root.length()).replaceFirst("^\\.", "") + ": " + side.get(k));
        }
        return keys.size() + (keys.size() == 1 ? " setting: " : " settings: ") + String.join("; ", parts)
                + (keys.size() > SHOWN ? "; …" : "");
    }
}
