package org.lossless.experiments.run;

import java.util.Arrays;
import java.util.Locale;

import org.lossless.experiments.parallel.Partitioner;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.topology.Topology;

/**
 * What a run of a scenario with {@code --threads N} would be cut into, said before it runs ({@code lossless check}):
 * the partitions (the automatic cut, or {@code engine.partitions}), the longest window the cut links allow, and the
 * fabric's parts; or why it would run on one partition. The same cut the run makes ({@link RunPartitions}).
 */
public final class CutPreview {
    private CutPreview() {
    }

    /**
     * One line (no newline) for a run of {@code s} with {@code --threads}: the cut for 2 threads (the automatic cut's
     * partitions grow with the threads, up to {@value RunPartitions#PARTITIONS_PER_THREAD} per thread), so the line does
     * not depend on the machine.
     */
    public static String line(Scenario s) {
        int threads = 2;
        PacketEngine.Parallelism p = ScenarioCut.of(new PacketEngine.Parallelism(threads, null, null), s);
        EngineInput in = ScenarioEngine.input(s);
        Topology t = in.topology();
        long parts = Arrays.stream(Partitioner.units(t)).distinct().count();
        RunPartitions cut = RunPartitions.of(in, threads, p.partitions());
        String head = "--threads N: ";
        if (cut.partitions() == 1) {
            return head + (cut.note().isEmpty() ? "one partition" : cut.note().replace(threads + " threads asked for",
                    "threads asked for")) + " (same results)";
        }
        String fabric = String.format(Locale.ROOT, "the fabric has %,d parts (a switch with the hosts cabled to it "
                + "each; links under %d ns of lookahead are never cut)", parts, Partitioner.MIN_WINDOW_PS / 1000);
        String window = String.format(Locale.ROOT, "windows of at most %.2f us", cut.lookaheadPs() / 1e6);
        if (s.engine().auto()) {
            return head + "the automatic cut, up to " + RunPartitions.PARTITIONS_PER_THREAD + " partitions per thread; "
                    + fabric + "; on 2 threads " + String.format(Locale.ROOT, "%,d", cut.partitions()) + " partitions, "
                    + window;
        }
        return head + "engine.partitions, " + String.format(Locale.ROOT, "%,d", cut.partitions()) + " partitions, "
                + window + "; " + fabric;
    }
}
