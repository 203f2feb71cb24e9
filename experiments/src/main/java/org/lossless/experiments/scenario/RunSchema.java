package org.lossless.experiments.scenario;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;

/**
 * The schema of a scenario's top-level keys (path {@code scenario} in the docs' markers): the run keys and one
 * row per section, in the order the unknown-key messages list them. {@link ScenarioReader} takes the allowed
 * names and reads {@code stop_time} (range, default) through it; {@code name} and {@code seed} (a name's own
 * messages, a 64-bit seed) and the sections are {@link Key#custom} rows read by their readers.
 */
final class RunSchema {
    static final Section RUN = Section.of("scenario",
            Key.custom("name", "text, `[A-Za-z0-9._-]+`, not only dots", "**required**",
                    "names the run; default result folder `results/<name>-<seed>`"),
            Key.custom("seed", "integer ≥ 0", "`" + Defaults.SEED + "`",
                    "root of every random stream (ECN marking, generated traffic)"),
            Key.time("stop_time", Defaults.STOP_TIME_PS, "simulated-time limit; a run also ends when all work is done")
                    .atLeast(1, "must be > 0, e.g. 50ms"),
            Key.custom("topology", "mapping", "**required**", "the fabric, below"),
            Key.custom("switch", "mapping", "all defaults", "buffer, PFC, ECN and QoS maps of every switch"),
            Key.custom("nic", "mapping", "all defaults", "MTU, ACKs, retransmission and congestion control of every host"),
            Key.custom("workloads", "list, ≥ 1 entry", "**required**", "traffic; all entries run together"),
            Key.custom("telemetry", "mapping", "all defaults", "time series to record"),
            Key.custom("routing", "mapping", "ECMP, 1 ms convergence",
                    "how switches pick equal-cost ports; route convergence after failures"),
            Key.custom("failures", "list", "none", "links and switches that fail (and maybe recover) during the run"),
            Key.custom("metrics", "mapping", "`{completion: receiver, flows: data}`",
                    "which completion FCT and slowdown use, which messages `flows.csv` lists, below"),
            Key.custom("engine", "mapping", "the automatic cut",
                    "how a run with `--threads N` is cut into partitions (the results do not depend on it), below"));

    private RunSchema() {
    }
}
