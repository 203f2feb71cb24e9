package org.lossless.experiments.run;

import java.util.LinkedHashMap;
import java.util.Map;

import org.lossless.experiments.parallel.Partitioner;
import org.lossless.experiments.parallel.Partitioning;
import org.lossless.experiments.scenario.EngineConfig;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.topology.Topology;

/**
 * A scenario's {@code engine.partitions} as the partitioned engine's cut ({@link PacketEngine.Parallelism#partitions},
 * a partition per node name): a number is the {@link Partitioner}'s automatic cut into that many, a list is the
 * partitions as the scenario gave them (every node placed at load). {@code auto}, a cut already given (a benchmark's),
 * and the sequential engine keep the settings as they are.
 */
final class ScenarioCut {
    private ScenarioCut() {
    }

    /** {@code p} with {@code s}'s cut, when it has one; the automatic cut's note (fewer than asked) goes to its notes. */
    static PacketEngine.Parallelism of(PacketEngine.Parallelism p, Scenario s) {
        EngineConfig e = s.engine();
        if (p == null || p.partitions() != null || e.auto()) {
            return p;
        }
        Map<String, Integer> cut = e.partOf();
        if (e.count() > 0) {
            Topology t = s.fabric().topology();
            Partitioning plan = Partitioner.plan(t, e.count(), null);
            if (!plan.note().isEmpty() && p.notes() != null) {
                p.notes().accept("engine.partitions: " + plan.note() + ": the run uses " + plan.partitions());
            }
            int[] partOf = plan.partOf();
            cut = new LinkedHashMap<>();
            for (int id = 0; id < partOf.length; id++) {
                cut.put(t.node(id).name(), partOf[id]);
            }
        }
        return new PacketEngine.Parallelism(p.threads(), cut, p.notes(), p.stats());
    }
}
