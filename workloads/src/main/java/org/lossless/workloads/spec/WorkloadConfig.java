package org.lossless.workloads.spec;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.flows.FlowsProgram;
import org.lossless.workloads.flows.ListedFlow;
import org.lossless.workloads.replay.DagMessage;
import org.lossless.workloads.replay.DagProgram;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * One entry of {@code workloads}: all entries run together. One record per workload type; to add one,
 * add a record here (or a {@link ProgramWorkload} record elsewhere) with its {@link #program()}, a reader branch in
 * {@link WorkloadReader} and a writer branch in {@code ResolvedYaml} (experiments), and move its name from {@link #PLANNED} to {@link #SUPPORTED}.
 */
public sealed interface WorkloadConfig permits WorkloadConfig.Flows, WorkloadConfig.HpccFlows, WorkloadConfig.Collective,
        ProgramWorkload {
    List<String> SUPPORTED = List.of("flows", "hpcc-flows", "allreduce", "allgather", "reducescatter", "alltoall",
            "broadcast", "nvmeof", "replication", "checkpoint", "cdf", "incast", "permutation", "training",
            "chakra", "simai");
    List<String> PLANNED = List.of();

    /** The type name as in the scenario file. */
    String type();

    /** The name in {@code flows.csv} column {@code workload}; default {@code <type>-<index>}. */
    String name();

    /**
     * A fresh program that runs this workload (one per run: programs keep per-run state). The workload's own
     * records go to it as they are: the engine starts it and never opens them on the way.
     */
    TrafficProgram program();

    /**
     * The flows of a static list, each posted at the start with its own start time (a {@code flows} workload
     * without {@code depends_on}, {@code hpcc-flows}), in order; empty for any other workload. What the run's
     * progress estimate and the telemetry bound read before the run.
     */
    default List<? extends ListedFlow> listedFlows() {
        return List.of();
    }

    /**
     * How a job that is not a flow list marks its packets (keys {@code priority} and {@code dscp}), and a host
     * that sends them: the QoS-mapping lint walks this class from that host's NIC through its first switch.
     *
     * @param priority 802.1p priority of its connections, 0..7
     * @param dscp     DSCP of its packets, 0..63
     * @param sender   a host that sends (the first of its senders)
     */
    record Marking(int priority, int dscp, int sender) {
        public Marking {
            if (priority < 0 || priority > 7 || dscp < 0 || dscp > 63 || sender < 0) {
                throw new IllegalArgumentException("priority 0..7, DSCP 0..63 and a host expected, got " + priority
                        + ", " + dscp + ", " + sender);
            }
        }
    }

    /**
     * {@code flows}: an explicit list of flows.
     *
     * @param name  workload name ([A-Za-z0-9._-]+)
     * @param flows at least one
     */
    record Flows(String name, List<FlowSpec> flows) implements WorkloadConfig {
        public Flows {
            if (!Names.valid(name)) {
                throw new IllegalArgumentException("bad workload name '" + name + "'");
            }
            flows = List.copyOf(flows);
            if (flows.isEmpty()) {
                throw new IllegalArgumentException("a flows workload needs at least one flow");
            }
        }

        @Override
        public String type() {
            return "flows";
        }

        /**
         * Its flows posted as listed ({@link FlowsProgram}); with {@code depends_on}, each when its dependencies
         * are delivered ({@link DagProgram}, whose graph entries this makes).
         */
        @Override
        public TrafficProgram program() {
            if (!listedFlows().isEmpty()) {
                return new FlowsProgram(name, flows);
            }
            List<DagMessage> graph = new java.util.ArrayList<>(flows.size());
            for (FlowSpec spec : flows) {
                graph.add(new DagMessage(spec.src(), spec.dst(), spec.size(), spec.startPs(), spec.priority(),
                        spec.qps(), spec.connection(), spec.dependsOn().stream().mapToInt(Integer::intValue).toArray(),
                        spec.delayPs(), spec.dscp()));
            }
            return new DagProgram(name, graph);
        }

        /** {@link #flows()} when none has {@code depends_on}, else none. */
        @Override
        public List<FlowSpec> listedFlows() {
            for (FlowSpec f : flows) {
                if (!f.dependsOn().isEmpty()) {
                    return List.of();
                }
            }
            return flows;
        }
    }

    /**
     * {@code hpcc-flows}: the flows of an HPCC simulator flow file ({@code src dst pg dport size start_s}),
     * read when the scenario is loaded. Node ids become host numbers (equal for every built-in type and
     * for HPCC files that list hosts first); the priority group {@code pg} is used as the 802.1p
     * priority; {@code dport} is not used; a flow starts at its file time minus {@code timeOriginPs}
     * (HPCC traffic conventionally starts at 2 s).
     *
     * @param name         workload name ([A-Za-z0-9._-]+)
     * @param path         absolute, normalised path of the flow file
     * @param timeOriginPs file time that becomes time 0 of the run, ps (&gt;= 0)
     * @param flows        the flows, in file order (at least one)
     * @param warnings     what was legal but odd about the file (unsorted times, extra lines)
     * @param dscp         the workload's {@code dscp} key (every flow's DSCP), or null: each flow the default of its
     *                     priority group
     */
    record HpccFlows(String name, Path path, long timeOriginPs, List<FlowSpec> flows, List<String> warnings,
                     Integer dscp) implements WorkloadConfig {
        /** {@code time_origin}: 2 s, where HPCC's traffic generator starts flows. */
        public static final long DEFAULT_TIME_ORIGIN_PS = 2_000_000_000_000L;

        public HpccFlows {
            if (dscp != null && (dscp < 0 || dscp > 63)) {
                throw new IllegalArgumentException("dscp must be 0..63, got " + dscp);
            }
            if (!Names.valid(name)) {
                throw new IllegalArgumentException("bad workload name '" + name + "'");
            }
            Objects.requireNonNull(path, "path");
            if (!path.isAbsolute()) {
                throw new IllegalArgumentException("hpcc-flows path must be absolute, got " + path);
            }
            if (timeOriginPs < 0) {
                throw new IllegalArgumentException("time_origin must be >= 0 ps, got " + timeOriginPs);
            }
            flows = List.copyOf(flows);
            if (flows.isEmpty()) {
                throw new IllegalArgumentException("an hpcc-flows workload needs at least one flow");
            }
            warnings = List.copyOf(warnings);
        }

        @Override
        public String type() {
            return "hpcc-flows";
        }

        /** Its flows posted as listed. */
        @Override
        public TrafficProgram program() {
            return new FlowsProgram(name, flows);
        }

        @Override
        public List<FlowSpec> listedFlows() {
            return flows;
        }
    }

    /**
     * A collective job ({@code allreduce}, {@code allgather}, {@code reducescatter}, {@code alltoall},
     * {@code broadcast}); {@link CollectiveReader} reads it, the workloads module runs it.
     *
     * @param job the validated job (ranks, size, algorithm, protocol, latencies, placement on GPU servers)
     */
    record Collective(org.lossless.workloads.collective.CollectiveJob job) implements WorkloadConfig {
        public Collective {
            Objects.requireNonNull(job, "job");
        }

        @Override
        public String type() {
            return job.collective().key();
        }

        @Override
        public String name() {
            return job.name();
        }

        /** Its class and the NIC of its first rank. */
        public Marking marking() {
            return new Marking(job.connection().priority(), job.connection().resolvedDscp(),
                    job.servers().nicOf(job.ranks().get(0)));
        }

        /** A fresh program that runs the job (one per run). */
        @Override
        public org.lossless.workloads.collective.CollectiveProgram program() {
            return new org.lossless.workloads.collective.CollectiveProgram(job);
        }
    }

    /**
     * One message from {@code src} to {@code dst}: the one record a flow's keys are held in from the reader
     * to the program that posts it ({@link ListedFlow}, no copy on the way). Its size is the value made where it
     * was read ({@link FlowsSchema#size}), held and posted as it is.
     *
     * @param src       sending host number
     * @param dst       receiving host number, != src
     * @param size      message size
     * @param startPs   when the sender posts it, ps (&gt;= 0)
     * @param priority  802.1p priority, 0..7
     * @param qps       RC queue pairs the message is spread over, 1..{@link #MAX_QPS} (scenario key {@code qps},
     *                  default 1; docs/model.md "Several QPs per connection")
     * @param connection name of the connection it is sent on (scenario key {@code connection}): flows of one
     *                  workload naming the same connection share its persistent QPs and are sent in list order;
     *                  null (the default) for a connection of its own
     * @param dependsOn flows of the same workload (0-based positions in its list, each before this one) that must
     *                  be delivered before this one is posted (scenario key {@code depends_on}; empty by default)
     * @param delayPs   with {@code dependsOn}: how long after the last of them is delivered it is posted, ps
     *                  (scenario key {@code delay}, default 0); {@code startPs} is then only a lower bound
     * @param dscp      DSCP its packets carry (scenario key {@code dscp}), 0..63; default CS of the priority
     *                  ({@link org.lossless.core.net.Dscp#ofPriority}, 8·priority)
     */
    record FlowSpec(int src, int dst, MessageSize size, long startPs, int priority, int qps, String connection,
                    List<Integer> dependsOn, long delayPs, int dscp) implements ListedFlow {
        /** {@code start}: 0. (The default priority is the first PFC priority, 3 by default.) */
        public static final long DEFAULT_START_PS = 0;
        /** Most QPs of one flow. */
        public static final int MAX_QPS = org.lossless.workloads.traffic.ConnectionOptions.MAX_QPS;

        /** A flow on one QP of its own. */
        public FlowSpec(int src, int dst, MessageSize size, long startPs, int priority) {
            this(src, dst, size, startPs, priority, 1);
        }

        /** A flow on a connection of its own. */
        public FlowSpec(int src, int dst, MessageSize size, long startPs, int priority, int qps) {
            this(src, dst, size, startPs, priority, qps, null);
        }

        /** A flow that depends on no other, with the default DSCP of its priority. */
        public FlowSpec(int src, int dst, MessageSize size, long startPs, int priority, int qps, String connection) {
            this(src, dst, size, startPs, priority, qps, connection, defaultDscp(priority));
        }

        /** A flow that depends on no other. */
        public FlowSpec(int src, int dst, MessageSize size, long startPs, int priority, int qps, String connection,
                        int dscp) {
            this(src, dst, size, startPs, priority, qps, connection, List.of(), 0, dscp);
        }

        /** A flow with the default DSCP of its priority. */
        public FlowSpec(int src, int dst, MessageSize size, long startPs, int priority, int qps, String connection,
                        List<Integer> dependsOn, long delayPs) {
            this(src, dst, size, startPs, priority, qps, connection, dependsOn, delayPs, defaultDscp(priority));
        }

        private static int defaultDscp(int priority) {
            if (priority < 0 || priority > 7) {
                throw new IllegalArgumentException("priority must be 0..7, got " + priority);
            }
            return org.lossless.core.net.Dscp.ofPriority(priority);
        }

        public FlowSpec {
            if (qps < 1 || qps > MAX_QPS) {
                throw new IllegalArgumentException("qps must be 1.." + MAX_QPS + ", got " + qps);
            }
            if (src < 0 || dst < 0) {
                throw new IllegalArgumentException("host numbers must be >= 0: " + src + " -> " + dst);
            }
            if (src == dst) {
                throw new IllegalArgumentException("a flow needs two different hosts, got " + src + " -> " + dst);
            }
            Objects.requireNonNull(size, "size");
            if (startPs < 0) {
                throw new IllegalArgumentException("flow start must be >= 0 ps, got " + startPs);
            }
            if (priority < 0 || priority > 7) {
                throw new IllegalArgumentException("priority must be 0..7, got " + priority);
            }
            if (dscp < 0 || dscp > 63) {
                throw new IllegalArgumentException("dscp must be 0..63, got " + dscp);
            }
            dependsOn = List.copyOf(dependsOn);
            if (delayPs < 0) {
                throw new IllegalArgumentException("delay must be >= 0 ps, got " + delayPs);
            }
            if (connection != null && !Names.valid(connection)) {
                throw new IllegalArgumentException("bad connection name '" + connection + "'");
            }
        }
    }
}
