package org.lossless.workloads.spec;

import org.lossless.core.net.MessageSize;
import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.workloads.datacenter.CdfConfig;
import org.lossless.workloads.datacenter.IncastConfig;
import org.lossless.workloads.datacenter.IncastOverlay;
import org.lossless.workloads.datacenter.PermutationConfig;
import org.lossless.workloads.datacenter.FlowSizeCdf;

/**
 * The schemas of the datacenter workload types ({@code cdf} with its {@code incast} overlay, {@code incast},
 * {@code permutation}): every key's name, type, range, default and doc line in the order the readers, the
 * unknown-key messages and docs/scenario.md list them. Host lists, the distribution and the matrix are
 * {@link Key#custom} rows their readers read themselves.
 */
public final class DatacenterSchema {
    private static final String HOSTS_TYPE = "host list";

    /** {@code workloads[i].incast} of a {@code cdf} workload. */
    public static final Section CDF_INCAST = Section.of("workloads.cdf.incast",
            Key.integer("senders", 1, Integer.MAX_VALUE, null, "senders per incast event (fewer than the workload's "
                    + "hosts)").defaultDoc("**required**"),
            TrafficSchema.positiveSize("size", null, "500KB", "bytes each sender sends per event")
                    .defaultDoc("**required**"),
            Key.fraction("load", null, "the incast bytes as a fraction of the summed host link rates; give `load` or "
                    + "`interval`").atLeast(1, "must be > 0 (a fraction of the link rate in (0, 1], e.g. 0.02)"),
            TrafficSchema.positiveTime("interval", "1ms", "time between incast events; or `load`"));

    public static final Section CDF = Section.of("workloads.cdf", TrafficSchema.keys(
            TrafficSchema.qps("QPs of each flow"),
            TrafficSchema.type("cdf"), TrafficSchema.name("cdf"),
            Key.custom("distribution", "`" + String.join("`, `", FlowSizeCdf.NAMES) + "`, or a file", "**required**",
                    "flow sizes; a file (relative to the scenario's folder) has one `<size bytes> <cumulative "
                    + "percent>` per line, from percent 0 to 100, sizes and percents strictly increasing"),
            Key.custom("hosts", HOSTS_TYPE, "`all`", "hosts that send and receive, at least 2"),
            Key.fraction("load", null, "payload load of each sending host's link: mean inter-arrival = mean size × 8 "
                    + "/ (link rate × load)")
                    .atLeast(1, "must be > 0 (a fraction of the link rate in (0, 1], e.g. 0.3)")
                    .defaultDoc("**required**"),
            TrafficSchema.positiveTime("duration", "5ms", "flows arrive from `start` until `start` + `duration`")
                    .defaultDoc("**required**"),
            TrafficSchema.start("when flows begin to arrive"),
            Key.custom("matrix", "list of rows, or a file", "uniform", "destination weights: row i, column j is the "
                    + "relative weight of host list position j as destination of position i (diagonal 0; a row of "
                    + "zeros sends nothing). A file holds one row per line, weights separated by spaces or commas, "
                    + "`#` comments"),
            Key.section("incast", CDF_INCAST, "none", "an incast overlay: events that each pick a random receiver "
                    + "and `senders` other hosts, each sending `size`; events every `interval`, or at the interval "
                    + "that makes the incast bytes `load` of the summed host link rates")));

    public static final Section INCAST = Section.of("workloads.incast", TrafficSchema.keys(
            TrafficSchema.qps("QPs of each sender's connection"),
            TrafficSchema.type("incast"), TrafficSchema.name("incast"),
            Key.custom("receiver", "host number", "**required**", "the host every sender sends to"),
            Key.custom("senders", HOSTS_TYPE, "`all` (every other host)", "hosts that send; not the receiver"),
            TrafficSchema.positiveSize("size", null, "1MB", "bytes per sender per round")
                    .required(" (a size such as 1MB)"),
            TrafficSchema.start("first round"),
            Key.integer("repeat", 1, Integer.MAX_VALUE, 1, "rounds"),
            Key.time("gap", 0L, "from the end of a round (the receiver holds every byte) to the start of the next"),
            Key.time("jitter", 0L, "each sender starts each round up to this much late, uniformly at random")));

    public static final Section PERMUTATION = Section.of("workloads.permutation", TrafficSchema.keys(
            TrafficSchema.qps("QPs of each host's connection"),
            TrafficSchema.type("permutation"), TrafficSchema.name("permutation"),
            Key.custom("hosts", HOSTS_TYPE, "`all`", "hosts that send and receive, at least 2"),
            TrafficSchema.positiveSize("size", null, "1MB", "bytes per host").required(" (a size such as 1MB)"),
            TrafficSchema.start("when every host starts sending")));

    private DatacenterSchema() {
    }

    /** {@code c}'s resolved plain keys, its incast overlay nested. */
    public static Values values(CdfConfig c) {
        IncastOverlay o = c.incast();
        Values incast = o == null ? null : TrafficSchema.values(CDF_INCAST, "senders", o.senders(), "size",
                o.sizeBytes(), "load", o.load() > 0 ? o.load() : null, "interval", o.load() > 0 ? null : o.intervalPs());
        return TrafficSchema.values(CDF, "load", c.load(), "duration", c.durationPs(), "start", c.startPs(),
                "incast", incast, "priority", c.priority(), "dscp", c.dscp(), "qps", c.qps());
    }

    /**
     * An {@code incast} or {@code permutation} job's {@code size} from its section's {@code v}alues, read (required,
     * &gt; 0 B, with the key's messages): the value its record holds and each of its messages posts, made once, here.
     */
    static MessageSize size(Values v) {
        return MessageSize.of(v.number("size"));
    }

    /** {@code c}'s resolved plain keys. */
    public static Values values(IncastConfig c) {
        return TrafficSchema.values(INCAST, "size", c.sizeBytes(), "start", c.startPs(), "repeat", c.repeat(),
                "gap", c.gapPs(), "jitter", c.jitterPs(), "priority", c.priority(), "dscp", c.dscp(), "qps", c.qps());
    }

    /** {@code c}'s resolved plain keys. */
    public static Values values(PermutationConfig c) {
        return TrafficSchema.values(PERMUTATION, "size", c.sizeBytes(), "start", c.startPs(), "priority",
                c.priority(), "dscp", c.dscp(), "qps", c.qps());
    }
}
