package org.lossless.verbs.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.lossless.verbs.measure.Measurement;

/**
 * Simulated against measured, metric by metric: the union of both records' metric names, in the order
 * flows, hosts.
 *
 * @param scenario the simulated scenario's name
 * @param bundle   the measurement's source (bundle directory or files)
 * @param rows     one per metric
 * @param notes    what the reader must know (measurement errors, simplifications)
 */
public record Comparison(String scenario, String bundle, List<MetricRow> rows, List<String> notes) {
    public Comparison {
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }

    public static Comparison of(String scenario, String bundle, Measurement measured, Measurement simulated) {
        Map<String, Double> hw = MetricSet.of(measured);
        Map<String, Double> sim = MetricSet.of(simulated);
        Set<String> names = new LinkedHashSet<>(hw.keySet());
        names.addAll(sim.keySet());
        List<String> sorted = new ArrayList<>(names);
        sorted.sort(Comparison::order);
        List<MetricRow> rows = new ArrayList<>();
        for (String n : sorted) {
            rows.add(MetricRow.of(n, sim.get(n), hw.get(n)));
        }
        List<String> notes = new ArrayList<>();
        for (String e : measured.errors()) {
            notes.add("measurement error: " + e);
        }
        for (String e : simulated.errors()) {
            notes.add(e);
        }
        return new Comparison(scenario, bundle, rows, notes);
    }

    /** Flows by id, then hosts by name, then the metric name. */
    private static int order(String a, String b) {
        String[] x = a.split("/");
        String[] y = b.split("/");
        if (!x[0].equals(y[0])) {
            return x[0].equals("flow") ? -1 : y[0].equals("flow") ? 1 : x[0].compareTo(y[0]);
        }
        if (x[0].equals("flow")) {
            int c = Long.compare(Long.parseLong(x[1]), Long.parseLong(y[1]));
            return c != 0 ? c : a.compareTo(b);
        }
        return a.compareTo(b);
    }
}
