package org.lossless.experiments.sweep;

import org.lossless.workloads.yaml.ScenarioException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The points of a sweep: the cartesian product of the {@code --vary} dimensions (the first dimension
 * varies slowest), optionally crossed with named points from a sweep file.
 *
 * <p>Grid point names are {@code SHORT=VALUE} joined by {@code _}, SHORT being the last segment of the key
 * path ({@code switch.ecn.kmin} -> {@code kmin}; the whole path when two varied keys share a last segment)
 * and characters outside {@code A-Za-z0-9._=+-} replaced by {@code _}. When that gives two names equal ignoring
 * case (one folder on a case-insensitive file system) or a
 * name over 120 characters, every grid point is named {@code p<i>} instead (zero-padded, from 1).
 */
public final class Grid {
    private Grid() {
    }

    /**
     * The number of grid points (the product of the dimensions' sizes), counted without building them; saturates at
     * {@link Long#MAX_VALUE}.
     */
    public static long count(List<Dimension> dims) {
        long n = 1;
        for (Dimension d : dims) {
            n = Math.multiplyHigh(n, d.size()) != 0 || n * d.size() < 0 ? Long.MAX_VALUE : n * d.size();
        }
        return n;
    }

    /**
     * Points of the grid alone; a single unnamed point when there are no dimensions. Callers check the size first
     * ({@link SweepSize}); a grid no sweep can index is refused here before anything is built.
     */
    public static List<SweepPoint> points(List<Dimension> dims) {
        if (count(dims) > Integer.MAX_VALUE) {
            throw new ScenarioException("--vary: the grid has " + SweepSize.format(count(dims)) + " points, more than a "
                    + "sweep can hold");
        }
        Set<String> keys = new HashSet<>();
        for (Dimension d : dims) {
            for (String k : d.keys()) {
                if (!keys.add(k)) {
                    throw new ScenarioException("--vary " + d.option() + ": the key " + k + " is varied twice");
                }
            }
        }
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Dimension d : dims) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : combos) {
                for (List<String> t : d.tuples()) {
                    Map<String, String> m = new LinkedHashMap<>(c);
                    for (int i = 0; i < t.size(); i++) {
                        m.put(d.keys().get(i), t.get(i));
                    }
                    next.add(m);
                }
            }
            combos = next;
        }
        List<String> names = names(combos, keys);
        List<SweepPoint> out = new ArrayList<>();
        for (int i = 0; i < combos.size(); i++) {
            out.add(new SweepPoint(names.get(i), combos.get(i)));
        }
        return out;
    }

    /** Named points crossed with the grid (names joined by '_'); the grid alone without named points. */
    public static List<SweepPoint> cross(List<SweepPoint> named, List<SweepPoint> grid) {
        if (named.isEmpty()) {
            return grid;
        }
        if (grid.size() == 1 && grid.get(0).values().isEmpty()) {
            return named;
        }
        List<SweepPoint> out = new ArrayList<>();
        for (SweepPoint n : named) {
            for (SweepPoint g : grid) {
                Map<String, String> v = new LinkedHashMap<>(n.values());
                for (Map.Entry<String, String> e : g.values().entrySet()) {
                    if (v.containsKey(e.getKey())) {
                        throw new ScenarioException("the key " + e.getKey() + " is set both by the sweep file (point "
                                + n.name() + ") and by --vary");
                    }
                    v.put(e.getKey(), e.getValue());
                }
                String name = n.name() + "_" + g.name();
                if (name.length() > SweepPoint.MAX_NAME) {
                    name = n.name() + "_" + "p" + (out.size() + 1);
                }
                out.add(new SweepPoint(name, v));
            }
        }
        return out;
    }

    private static List<String> names(List<Map<String, String>> combos, Set<String> keys) {
        if (keys.isEmpty()) {
            return List.of("base");
        }
        Map<String, Integer> lastCount = new HashMap<>();
        for (String k : keys) {
            lastCount.merge(last(k), 1, Integer::sum);
        }
        List<String> names = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        boolean ok = true;
        for (Map<String, String> c : combos) {
            StringBuilder sb = new StringBuilder();
            for (Map.Entry<String, String> e : c.entrySet()) {
                String shortKey = lastCount.get(last(e.getKey())) > 1 ? e.getKey() : last(e.getKey());
                if (sb.length() > 0) {
                    sb.append('_');
                }
                sb.append(clean(shortKey)).append('=').append(clean(e.getValue()));
            }
            String n = sb.toString();
            ok &= seen.add(n.toLowerCase(java.util.Locale.ROOT)) && n.length() <= SweepPoint.MAX_NAME && SweepPoint.NAME.matcher(n).matches();
            names.add(n);
        }
        if (ok) {
            return names;
        }
        int width = String.valueOf(combos.size()).length();
        List<String> numbered = new ArrayList<>();
        for (int i = 1; i <= combos.size(); i++) {
            numbered.add("p" + "0".repeat(width - String.valueOf(i).length()) + i);
        }
        return numbered;
    }

    private static String last(String key) {
        return key.substring(key.lastIndexOf('.') + 1);
    }

    private static String clean(String s) {
        return s.replaceAll("[^A-Za-z0-9._=+-]", "_");
    }
}
