package org.lossless.workloads.spec;

import org.lossless.core.net.MessageSize;
import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;

/**
 * The schemas of the flow-list workload types: {@code flows}, one entry of its {@code flows} list, and
 * {@code hpcc-flows}; every key's name, type, range, default and doc line in the order the readers, the
 * unknown-key messages and docs/scenario.md list them. Hosts, connection names,
 * dependencies and the file are {@link Key#custom} rows their readers read themselves.
 */
public final class FlowsSchema {
    /** One entry of a {@code flows} workload's {@code flows} list. */
    public static final Section FLOW = Section.of("workloads.flows.flows",
            Key.custom("src", "host number", "**required**", "sender"),
            Key.custom("dst", "host number ≠ src", "**required**", "receiver"),
            Key.size("size", null, "message bytes, at most 1TiB (split a larger message into several flows)")
                    .atLeast(MessageSize.MIN_BYTES, "a flow must carry at least 1 byte")
                    .atMost(MessageSize.MAX_LISTED_BYTES, "{} B is more than a flow can carry here: at most 1TiB ("
                            + MessageSize.MAX_LISTED_BYTES + " B), so that its times in picoseconds cannot overflow; "
                            + "split it into several flows")
                    .required(" (a size such as 1MB)"),
            TrafficSchema.start("when the sender posts the message"),
            TrafficSchema.priority("802.1p priority at the NIC: the NIC's queue for the flow, and the priority a "
                    + "PAUSE must name to stop it"),
            TrafficSchema.dscp("DSCP the NIC marks the flow's packets (and, with `nic.ack_dscp: data`, their ACKs) "
                    + "with; the switches classify them by it (`switch.qos_map`). E.g. `dscp: 26` (AF31, a common "
                    + "RoCE marking)"),
            TrafficSchema.qps("RC queue pairs the message is spread over (NCCL's `NCCL_IB_QPS_PER_CONNECTION`): "
                    + "whole MTU packets, `floor(P/N)` per QP and one more for the first `P mod N` QPs, at most one "
                    + "QP per packet; each QP has its own UDP source port (ECMP), PSNs, rate limiter and DCQCN state; "
                    + "still one row in `flows.csv` (model.md, \"Several QPs per connection\")"),
            Key.custom("connection", "name (`[A-Za-z0-9._-]+`)", "none", "the connection the message is sent on. "
                    + "Flows of one workload that name the same connection share its persistent QPs: they are sent "
                    + "one after another in list order, PSNs and congestion-control state carry over (a later flow "
                    + "starts at the rate the earlier one left). They must have the same `src`, `dst`, `priority`, "
                    + "`dscp` and `qps`, and be listed in `start` order (a flow whose start comes while the one "
                    + "before it is still sending waits for it). Without `connection` each flow has a connection "
                    + "(fresh QPs at line rate) of its own. Names are per workload"),
            Key.custom("depends_on", "list of flow positions", "`[]`", "flows of this workload (0-based positions "
                    + "in its list, each listed earlier) that must be delivered before this one is posted: a message "
                    + "dependency graph, e.g. a re-imported `lossless export flows`. With it `start` is only the "
                    + "earliest post time, and the workload's flow ids follow the order messages are posted, not "
                    + "the list"),
            Key.time("delay", 0L, "only with `depends_on`: how long after the last of them is delivered this flow "
                    + "is posted (the sender's software latency; `delay_ps` of the export)"));

    /** A {@code flows} workload. */
    public static final Section FLOWS = Section.of("workloads.flows",
            TrafficSchema.type("flows"),
            TrafficSchema.name("flows"),
            Key.custom("flows", "list, ≥ 1 entry", "**required**", "the flows (`workloads.flows.flows` below)"),
            TrafficSchema.cc());

    /** A {@code hpcc-flows} workload (the section path spells the type with '_': a path is key names). */
    public static final Section HPCC_FLOWS = Section.of("workloads.hpcc_flows",
            TrafficSchema.type("hpcc-flows"), TrafficSchema.name("hpcc-flows"),
            Key.custom("path", "file path", "**required**", "the flow file, relative to the scenario's folder "
                    + "(written out absolute in the resolved scenario)"),
            Key.time("time_origin", WorkloadConfig.HpccFlows.DEFAULT_TIME_ORIGIN_PS, "file time that becomes time 0 "
                    + "of the run: a flow starts at its file time minus `time_origin` (HPCC's traffic generator "
                    + "starts flows at 2 s). A flow that starts earlier is an error"),
            Key.integer("dscp", 0, 63, null, "DSCP of every flow of the file (written to the resolved scenario only "
                    + "when given)").defaultDoc("each flow 8 × its `pg`"),
            TrafficSchema.cc());

    private FlowsSchema() {
    }

    /**
     * The flow's {@code size} from its section's {@code v}alues, read (1 B .. 1 TiB, with the key's messages): the
     * value its record holds and its message posts, made once, here.
     */
    public static MessageSize size(Values v) {
        return MessageSize.of(v.number("size"));
    }

    /** {@code f}'s resolved plain keys ({@code delay} only with {@code depends_on}). */
    public static Values values(WorkloadConfig.FlowSpec f) {
        return TrafficSchema.values(FLOW, "size", f.sizeBytes(), "start", f.startPs(), "priority", f.priority(),
                "dscp", f.dscp(), "qps", f.qps(), "delay", f.dependsOn().isEmpty() ? null : f.delayPs());
    }

    /** {@code h}'s resolved plain keys ({@code dscp} only when given). */
    public static Values values(WorkloadConfig.HpccFlows h) {
        return TrafficSchema.values(HPCC_FLOWS, "time_origin", h.timeOriginPs(), "dscp", h.dscp());
    }
}
