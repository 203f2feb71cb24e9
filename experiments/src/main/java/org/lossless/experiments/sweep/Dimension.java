package org.lossless.experiments.sweep;

import org.lossless.workloads.yaml.ScenarioException;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One {@code --vary} option: the keys that vary together (one key, or linked keys) and the value tuples
 * they take, in the order given. A sweep's grid is the cartesian product of its dimensions.
 *
 * @param option the option as typed, for messages
 * @param keys   scenario key paths ({@code switch.ecn.kmin}); at least one, no duplicates
 * @param tuples one entry per point along this dimension; each has exactly {@code keys.size()} values
 */
public record Dimension(String option, List<String> keys, List<List<String>> tuples) {
    public Dimension {
        keys = List.copyOf(keys);
        tuples = tuples.stream().map(List::copyOf).toList();
        if (keys.isEmpty()) {
            throw new ScenarioException("--vary " + option + ": no key before '='");
        }
        if (new HashSet<>(keys).size() != keys.size()) {
            throw new ScenarioException("--vary " + option + ": a key is listed twice");
        }
        if (tuples.isEmpty()) {
            throw new ScenarioException("--vary " + option + ": no values after '='");
        }
        Set<List<String>> seen = new HashSet<>();
        for (List<String> t : tuples) {
            if (t.size() != keys.size()) {
                throw new ScenarioException("--vary " + option + ": '" + String.join(",", t) + "' has " + t.size()
                        + " value(s) for " + keys.size() + " linked keys " + keys);
            }
            if (!seen.add(t)) {
                throw new ScenarioException("--vary " + option + ": the value '" + String.join(",", t)
                        + "' is listed twice");
            }
        }
    }

    /** Number of points along this dimension. */
    public int size() {
        return tuples.size();
    }
}
