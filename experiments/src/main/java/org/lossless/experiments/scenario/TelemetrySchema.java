package org.lossless.experiments.scenario;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;

/**
 * The schema of {@code telemetry}: names, types, defaults and doc lines, declared once. {@link TelemetryReader}
 * reads {@code sample_interval} and {@code pfc} through it and takes their defaults from it; the selections
 * ({@code queues}, {@code flow_rates}, {@code links}: {@code all}, {@code none} or a list, checked against the
 * workloads) are {@link Key#custom} rows it reads itself. docs/scenario.md's table is generated from it.
 */
final class TelemetrySchema {
    static final Section TELEMETRY = Section.of("telemetry",
            Key.time("sample_interval", Defaults.SAMPLE_INTERVAL_PS, "sampling period of every time series")
                    .atLeast(1, "the sample interval must be > 0, e.g. 10us"),
            Key.custom("queues", "`all` \\| `none` \\| list of `\"switch:port\"`", "`all`",
                    "egress queues written to `timeseries/queues.csv` (e.g. `[\"sw0:0\"]`)"),
            Key.custom("flow_rates", "`all` \\| `none` \\| list of flow ids", "`none`",
                    "senders' congestion-control rates written to `timeseries/rates.csv` "
                    + "(`time_ps,flow_id,rate_bps,cnps`; a flow with `qps` > 1: the sum of its QPs' rates; `cnps`: "
                    + "CNPs its sending QPs have received so far). Ids are the `flow_id`s of `flows.csv`: when every "
                    + "workload is a list of flows they are known ahead and checked when the scenario is loaded; "
                    + "generated workloads (collectives, storage, incast, permutation, cdf) number their messages as "
                    + "the run posts them, so take the ids from an earlier run's `flows.csv`; an id the run never "
                    + "posts is named in a warning at the end of the run"),
            Key.bool("pfc", true, "every PFC pause and resume a switch sends, written to `timeseries/pfc.csv` "
                    + "(`time_ps,node,port,priority,event`; `event` = `pause` or `resume`; `port` = the switch port "
                    + "the frame leaves on; refreshes of a standing pause are not rows; one row per decision, not "
                    + "sampled)"),
            Key.custom("links", "`all` \\| `none` \\| list of `\"node:port\"`", "`all`",
                    "ports (switch ports and host NICs, e.g. `[\"sw0:0\", \"h1:0\"]`) whose transmitted frame bytes "
                    + "per sample interval are written to `timeseries/links.csv` (`time_ps,node,port,tx_bytes`; idle "
                    + "intervals are not rows; the last, partial interval is written at the end of the run); the "
                    + "report's utilisation heat maps come from it"));

    private TelemetrySchema() {
    }
}
