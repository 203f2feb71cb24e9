package org.lossless.experiments.sweep;

import org.lossless.experiments.run.ScenarioEngine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The entry point of a sweep task in its own JVM (a Slurm array task, docs/sweeps.md):
 * {@code java -cp LIB/* org.lossless.experiments.sweep.SweepTask SWEEP_DIR INDEX...}. Reads the definition
 * from the sweep directory, runs the given run indices one after the other (a run already in place is
 * skipped) and prints one line per run. Exit status 0 when every run is in place, 1 when one failed, 2 when
 * the arguments or the sweep directory are unusable.
 */
public final class SweepTask {
    /** Every line this program prints starts so (the Slurm collector looks for it in task logs). */
    public static final String PREFIX = "lossless sweep task: ";

    private SweepTask() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        if (args.length < 2) {
            System.out.println(PREFIX + "usage: SweepTask SWEEP_DIR INDEX...");
            return 2;
        }
        SweepDirectory dir = SweepDirectory.open(Path.of(args[0]));
        SweepDefinition def;
        try {
            def = dir.definition();
        } catch (IOException | RuntimeException e) {
            System.out.println(PREFIX + "cannot read the sweep in " + args[0] + ": " + e.getMessage());
            return 2;
        }
        List<RunSpec> all = def.runs();
        List<RunSpec> mine = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            int index;
            try {
                index = Integer.parseInt(args[i]);
            } catch (NumberFormatException e) {
                index = -1;
            }
            if (index < 0 || index >= all.size()) {
                System.out.println(PREFIX + "no run " + args[i] + " in " + args[0] + " (0.." + (all.size() - 1) + ")");
                return 2;
            }
            mine.add(all.get(index));
        }
        int failed = 0;
        for (RunSpec r : mine) {
            long t0 = System.nanoTime();
            String reason = SweepRun.execute(dir, def, r, new ScenarioEngine());
            double s = (System.nanoTime() - t0) / 1e9;
            if (reason == null) {
                System.out.println(String.format(Locale.ROOT, "%srun %d %s: done (%.2f s)", PREFIX, r.index(), r.label(), s));
            } else {
                failed++;
                System.out.println(PREFIX + "run " + r.index() + " " + r.label() + ": failed: " + reason);
            }
            System.out.flush();
        }
        return failed == 0 ? 0 : 1;
    }
}
