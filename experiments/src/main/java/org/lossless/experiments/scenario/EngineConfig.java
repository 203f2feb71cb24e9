package org.lossless.experiments.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a run on the partitioned engine ({@code --threads N}) cuts its fabric: {@code engine.partitions}
 * (docs/scenario.md). The results do not depend on it, only the speed.
 *
 * @param count  the number of partitions of the automatic cut, 1..{@value #MAX_PARTITIONS}; 0 when {@code groups} are
 *               given or for {@code auto} (as many as the threads make useful)
 * @param groups the partitions as written: node names and glob patterns per partition, in order; empty unless given
 * @param partOf the partition of every node of the fabric, by node name, resolved from {@code groups} by
 *               {@link EngineReader} (a host with its switch); empty unless {@code groups} are given
 */
public record EngineConfig(int count, List<List<String>> groups, Map<String, Integer> partOf) {
    /** The most partitions a number may ask for: more is a typo, not a fabric (a unit is a switch and its hosts). */
    public static final int MAX_PARTITIONS = 65_536;
    /** The automatic cut ({@code partitions: auto}, the default). */
    public static final EngineConfig AUTO = new EngineConfig(0, List.of(), Map.of());

    public EngineConfig {
        if (count < 0 || count > MAX_PARTITIONS) {
            throw new IllegalArgumentException("partitions " + count + " outside 0.." + MAX_PARTITIONS);
        }
        List<List<String>> copy = new ArrayList<>();
        for (List<String> g : Objects.requireNonNull(groups, "groups")) {
            if (g.isEmpty()) {
                throw new IllegalArgumentException("partition " + copy.size() + " names no node");
            }
            copy.add(List.copyOf(g));
        }
        groups = List.copyOf(copy);
        partOf = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(partOf, "partOf")));
        if (groups.isEmpty() != partOf.isEmpty() || count > 0 && !groups.isEmpty()) {
            throw new IllegalArgumentException("give either a count or the partitions with every node's");
        }
        for (var e : partOf.entrySet()) {
            if (e.getValue() < 0 || e.getValue() >= groups.size()) {
                throw new IllegalArgumentException("node " + e.getKey() + " in partition " + e.getValue() + " of "
                        + groups.size());
            }
        }
    }

    /** The automatic cut into {@code n} partitions. */
    public static EngineConfig count(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("partitions must be at least 1, got " + n);
        }
        return new EngineConfig(n, List.of(), Map.of());
    }

    /** Whether the cut is the automatic one, sized by the threads ({@code auto}). */
    public boolean auto() {
        return count == 0 && groups.isEmpty();
    }
}
