package org.lossless.experiments.scenario;

import java.util.List;
import java.util.Locale;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.experiments.metrics.Completion;

/**
 * The schema of {@code metrics}: names, choices, defaults and doc lines, declared once. {@link MetricsConfig#read}
 * reads the section through it (unknown keys with "did you mean", a word outside the choices with the allowed
 * ones, exit 2 naming the file and key path) and takes the defaults from it; the resolved scenario is written from
 * it and docs/scenario.md's table is generated from it.
 */
final class MetricsSchema {
    static final Section METRICS = Section.of("metrics",
            Key.choice("completion", List.of(Completion.RECEIVER.key(), Completion.SENDER.key()),
                    Completion.RECEIVER.key(), "which completion of a message `fct_ps`, `ideal_fct_ps` and `slowdown` in `flows.csv` and the "
                    + "slowdown percentiles of `summary.json` use. `receiver`: the destination holds the last byte "
                    + "(`finish_ps`); its ideal is the message alone in the empty network until its last byte arrives (one "
                    + "way). `sender`: the requester sees its completion (`sender_done_ps`): a WRITE's or SEND's last ACK "
                    + "is back at the source (what an application polling its completion queue sees, and the HPCC "
                    + "simulator's FCT), a READ's data has arrived; its ideal is the receiver's plus `nic.ack_delay` and "
                    + "the last ACK alone on its way back (serialization, propagation, forwarding latency per hop). "
                    + "`flows.csv` always has both completions and both ideals (`finish_ps`, `sender_done_ps`, "
                    + "`receiver_ideal_fct_ps`, `sender_ideal_fct_ps`); `summary.json` names the one used "
                    + "(`fct_slowdown.completion`; `fct_slowdown_censored`, `control`, `fct_slowdown_all` and the "
                    + "per-workload figures use it too; every `fct_slowdown` is over data messages only, `flows.csv` "
                    + "`kind`). `lossless import hpcc` writes `sender`"),
            Key.choice("flows", FlowRows.keys(), FlowRows.DATA.key(), "which messages `flows.csv` lists one row each; the messages it leaves out are counted, aggregated, "
                    + "in `flows_summary.csv` (below), so every message is in exactly one of the two files. `all`: every "
                    + "message, data and control, one row each (no `flows_summary.csv`; the default of earlier versions). `data` (the default): the data messages of "
                    + "workloads that are not collectives keep their rows; the collectives' per-step messages (those with "
                    + "a `step` and a `channel`: all-reduce, all-gather, reduce-scatter, broadcast, all-to-all, and the "
                    + "collectives of training jobs) and every control message (clear-to-sends, capsules, "
                    + "acknowledgements) are aggregated. `summary`: no per-message row (`flows.csv` is its header alone), "
                    + "every message aggregated. The header and columns of `flows.csv` are the same in every case, and "
                    + "`summary.json`, `jobs.csv` and `ports.csv` are byte for byte the same whatever the choice (only the "
                    + "cost figures of `summary.json` change from run to run, as always): they are computed from every "
                    + "message"));

    private MetricsSchema() {
    }

    /** Resolved values of {@code metrics} as the config. */
    static MetricsConfig config(Values resolved) {
        return new MetricsConfig(Completion.valueOf(resolved.text("completion").toUpperCase(Locale.ROOT)),
                FlowRows.of(resolved.text("flows")));
    }

    /** {@code m} as values of {@code metrics} (what the resolved scenario writes). */
    static Values values(MetricsConfig m) {
        return new Values(METRICS, java.util.Map.of("completion", m.completion().key(), "flows", m.flows().key()));
    }
}
