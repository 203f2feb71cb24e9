package org.lossless.experiments.scenario;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;

/**
 * The schema of {@code engine}: how a run on the partitioned engine ({@code --threads N}) cuts the fabric. Its one key
 * takes three forms (a word, a number, a list of lists checked against the topology), so the row is {@link Key#custom}
 * and {@link EngineReader} reads it; the schema gives the allowed names (unknown-key messages) and the docs table.
 */
final class EngineSchema {
    static final Section ENGINE = Section.of("engine",
            Key.custom("partitions", "`auto`, integer 1-" + String.format(java.util.Locale.ROOT, "%,d",
                            EngineConfig.MAX_PARTITIONS) + ", or a list of partitions (each a list of node names and "
                            + "patterns)", "`auto`",
                    "how a run with `--threads N` cuts the fabric into partitions (the results are the same bytes "
                    + "whatever the cut; only the speed changes). `auto`: a switch with the hosts cabled to it is the "
                    + "smallest part, parts balanced by port bandwidth, up to 4 partitions per thread. A number: the "
                    + "same automatic cut into that many partitions (fewer when the fabric has fewer parts, said on the "
                    + "console). A list: partition i holds the nodes its entry names, by name or by pattern (`*`, `?`, "
                    + "`[0-3]`, `{a,b}`); name every switch once; a host goes with the switch it is cabled to; a link "
                    + "whose delay plus the smallest frame's time is under 100 ns is never cut. Without `--threads` "
                    + "the sequential engine runs and this key is not used (`run` says so on the console)"));

    private EngineSchema() {
    }
}
