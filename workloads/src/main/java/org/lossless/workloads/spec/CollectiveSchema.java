package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.collective.TunerMode;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.SectionReader;

/**
 * The schema of a collective job ({@code type: allreduce | allgather | reducescatter | alltoall | broadcast}):
 * every key's name, type, range, default and doc line, declared once. {@link CollectiveReader} allows exactly
 * {@link #names} (unknown-key messages, "did you mean") and reads, range-checks and defaults the plain keys through
 * it ({@link #read}); the resolved scenario writes them from {@link #values}; docs/scenario.md's "Collective jobs"
 * table is generated from it. Keys whose type or default depends on the
 * collective or the fabric ({@code algorithm}, {@code hosts}, {@code pxn}, ...) are {@link Key#custom} rows or
 * carry their default as text, and are read by the reader itself.
 */
public final class CollectiveSchema {
    /** Largest {@code iterations} of a collective job or a trace. */
    static final int MAX_ITERATIONS = 1_000_000;

    static final Key ITERATIONS = Key.integer("iterations", 1, MAX_ITERATIONS, 1, "back-to-back calls");
    static final Key GAP = Key.time("gap", 0L, "compute time between the end of one call and the start of the next");
    static final Key START = Key.time("start", 0L, "when the first call starts");
    static final Key PRIORITY = Key.integer("priority", 0, 7, null, "802.1p priority of every connection of the job")
            .defaultDoc("first of `switch.pfc.priorities` (3)");
    static final Key DSCP = Key.integer("dscp", 0, 63, null, "DSCP of every packet of the job; the switches classify by "
            + "it (`switch.qos_map`). NCCL sets it with `NCCL_IB_TC` = 4 × DSCP: `NCCL_IB_TC=106` is `dscp: 26`")
            .defaultDoc("8 × `priority` (class selector: 24 for priority 3)");
    static final Key CC = WorkloadSchema.CC;
    static final Key QPS = Key.integer("qps", 1, ConnectionOptions.MAX_QPS, 1,
            "QPs per connection (`NCCL_IB_QPS_PER_CONNECTION`)");
    static final Key BASE_LATENCY = latency("base_latency",
            "software latency once per call; `auto` = NCCL's constant for the algorithm and protocol");
    static final Key STEP_LATENCY = latency("step_latency",
            "software latency of every step whose input came over the network");
    static final Key NVLINK_STEP_LATENCY = latency("nvlink_step_latency",
            "the same for inputs that came over NVLink");
    static final Key CTS_DELAY = latency("cts_delay", "time from a clear-to-send's arrival at the sender's NIC to "
            + "the sender's post of the slice it allows (the NIC's write of it to host memory, the proxy's poll, the NIC's "
            + "read of the post); `auto` = 773 ns, a measured PCIe write and read (docs/workloads.md, \"Slot grants on the "
            + "wire\")");
    static final Key RING_ORDER = Key.choice("ring_order", List.of("rail", "naive"), "rail", "`rail`: NCCL's "
            + "rail-local rings (each channel enters every server on its own rail); `naive`: host order for every channel");
    static final Key TUNER = Key.choice("tuner", List.of("simulator", "nccl"), "simulator", "how `auto` chooses: "
            + "`simulator` runs each candidate once alone on the fabric in a dry run and takes the fastest (what the "
            + "simulation favours); `nccl` uses NCCL's own cost model (what NCCL would pick on real hardware). "
            + "docs/workloads.md §2.8");
    static final Key HOSTS = Key.custom("hosts", "`all`, a list of host numbers, a range `\"a-b\"` (both ends included), "
            + "or `{servers: [..] \\| \"a-b\" \\| all}`", "`all`", "the ranks, in rank order; on a fabric of GPU servers "
            + "(topology, \"GPU servers\") the numbers are GPU numbers; `servers` takes every GPU of those servers, server "
            + "by server (on one-GPU hosts a server is a host). At least 2");

    /** Every key of every collective, in the order the reader lists them; {@link #names} picks one type's. */
    public static final Section COLLECTIVE = Section.of("workloads.collective",
            WorkloadSchema.type("`allreduce` \\| `allgather` \\| `reducescatter` \\| `alltoall` \\| `broadcast`"),
            WorkloadSchema.NAME,
            Key.custom("algorithm", "allreduce: `ring` \\| `tree` \\| `halving-doubling` \\| `auto`; allgather, "
                    + "reducescatter: `ring` \\| `halving-doubling` \\| `auto`; broadcast: `ring`; alltoall: `direct`",
                    "`auto` (broadcast `ring`, alltoall `direct`)", "`tree` is NCCL's double binary tree; "
                    + "`halving-doubling` is the MPI-style recursive algorithm (allgather and reducescatter need a "
                    + "power-of-two number of hosts); `auto` lets the tuner choose, as NCCL does unless `NCCL_ALGO` is "
                    + "set: ring or tree for allreduce, the ring for allgather and reducescatter (the default was "
                    + "`ring` before: README, \"Changes\")"),
            Key.custom("protocol", "`auto` \\| `simple` \\| `ll128` \\| `ll` (alltoall: `auto` \\| `simple`)", "`auto`",
                    "NCCL's wire protocol; `auto` lets the tuner choose"),
            HOSTS,
            Key.size("size", null, "S as nccl-tests prints it: the all-reduce and broadcast buffer, the all-gather "
                    + "output (n × each rank's part), the reduce-scatter input, each rank's all-to-all send buffer (S/n "
                    + "to every rank)").atLeast(1, "must be at least 1 byte")
                    .defaultDoc("**required** (all-to-all: or `pairs`)"),
            Key.integer("channels", 1, CollectiveJob.MAX_CHANNELS, null, "parallel rings or tree pairs, each with its "
                    + "own connections (QPs, UDP source ports, ECMP paths) and an equal share of the buffer; for "
                    + "alltoall, connections per rank pair")
                    .defaultDoc("2 × NICs per server (2 on one-GPU hosts); alltoall `1`"),
            ITERATIONS, GAP, START, PRIORITY, DSCP, CC, QPS, BASE_LATENCY, STEP_LATENCY, NVLINK_STEP_LATENCY, CTS_DELAY,
            RING_ORDER,
            Key.bool("pxn", null, "a network hop from one NIC index (rail) to another first crosses NVLink to the "
                    + "sending server's GPU on the destination's rail and leaves from its NIC (NCCL's PXN). Opt-in on "
                    + "`star`, `leaf-spine` and `fat-tree`, whose servers have all their NICs on one edge switch: there "
                    + "it only adds an NVLink hop. No effect without NVLink or with one NIC per server")
                    .defaultDoc("`true` on `rail-optimized`, `false` elsewhere"),
            TUNER,
            Key.custom("root", "rank position 0..n−1", "`0`", "broadcast only: the rank that holds the data"),
            Key.custom("skew", "number ≥ 0", "`0`", "alltoall only: the i-th rank of the job receives a share "
                    + "proportional to 1/(i+1)^skew (MoE hot experts); 0 = uniform"),
            Key.custom("pairs", "n × n list of sizes, diagonal 0", "–", "alltoall only, instead of `size`: bytes from "
                    + "rank i to rank j; `jobs.csv` reports S = the busiest sender's bytes × n/(n−1)"));

    private CollectiveSchema() {
    }

    private static Key latency(String name, String doc) {
        return Key.time(name, null, doc).orAuto("a time or auto").defaultValue(Key.AUTO);
    }

    /** The keys collective {@code c} allows, in {@link #COLLECTIVE}'s order: {@code root} only for broadcast, ... */
    static String[] names(Collective c) {
        List<String> out = new ArrayList<>();
        for (String n : COLLECTIVE.names()) {
            boolean only = switch (n) {
                case "root" -> c == Collective.BROADCAST;
                case "skew", "pairs" -> c == Collective.ALLTOALL;
                default -> true;
            };
            if (only) {
                out.add(n);
            }
        }
        return out.toArray(String[]::new);
    }

    /**
     * The readers of the keys whose messages are the collective readers' own ({@link SectionReader#read(Cursor,
     * Section, Map)}): the latencies, {@code auto} or a time, a bad time answered with the time parser's words.
     */
    static final Map<String, Function<Cursor, Object>> READERS = Map.of("base_latency", CollectiveSchema::latency,
            "step_latency", CollectiveSchema::latency, "nvlink_step_latency", CollectiveSchema::latency, "cts_delay", CollectiveSchema::latency);

    private static Object latency(Cursor c) {
        if (c.isScalar() && Key.AUTO.equals(c.text("a time or auto").strip())) {
            return Key.AUTO;
        }
        return c.timePs();
    }

    /** The mapping at {@code w} (present) read through {@code s} with {@link #READERS}, defaults set. */
    static Values read(Cursor w, Section s) {
        return s.resolve(SectionReader.read(w, s, READERS));
    }

    /** A latency key of {@code v}, ps; -1 for {@code auto}. */
    static long latencyPs(Values v, String key) {
        return v.isAuto(key) ? -1 : v.number(key);
    }

    /** A latency, ps (-1: auto), as the schema holds it. */
    static Object latency(long ps) {
        return ps < 0 ? Key.AUTO : ps;
    }

    /** The connection keys {@code priority}, {@code dscp}, {@code cc} and {@code qps} of {@code v}. */
    static ConnectionOptions options(Values v, int defaultPriority) {
        int priority = TrafficSchema.priority(v, defaultPriority);
        String cc = v.text("cc");
        return new ConnectionOptions(priority, v.integer("qps"), cc.equals(CollectiveReader.CC_NIC) ? null : cc,
                TrafficSchema.dscp(v, priority));
    }

    /** The constant of {@code type} whose {@link Cursor#yamlName} a choice key of {@code v} holds. */
    static <E extends Enum<E>> E choice(Values v, String key, Class<E> type) {
        String t = v.text(key);
        for (E e : type.getEnumConstants()) {
            if (Cursor.yamlName(e).equals(t)) {
                return e;
            }
        }
        throw new IllegalStateException(key + ": " + t + " is not a " + type.getSimpleName());
    }

    /**
     * {@code head} (name/value pairs) followed by the keys a collective and a training job's calls share, as they
     * resolved to: priority, dscp, cc, qps, the latencies, ring_order, pxn and tuner, then {@code tail} (more pairs).
     */
    static Object[] withCall(Object[] head, ConnectionOptions o, long basePs, long stepPs, long nvStepPs,
                             RingOrder order, boolean pxn, TunerMode tuner, Object... tail) {
        List<Object> out = new ArrayList<>(Arrays.asList(head));
        out.addAll(Arrays.asList("priority", o.priority(), "dscp", o.resolvedDscp(), "cc",
                o.cc() == null ? CollectiveReader.CC_NIC : o.cc(), "qps", o.qps(), "base_latency", latency(basePs),
                "step_latency", latency(stepPs), "nvlink_step_latency", latency(nvStepPs), "ring_order", order.key(),
                "pxn", pxn, "tuner", tuner.key()));
        out.addAll(Arrays.asList(tail));
        return out.toArray();
    }

    /** {@code j}'s resolved plain keys ({@code size} only when no pair matrix is given). */
    public static Values values(CollectiveJob j) {
        boolean explicit = j.pairSizes() != null && j.pairSizes().isExplicit();
        return TrafficSchema.values(COLLECTIVE, withCall(new Object[] {"size", explicit ? null : j.sizeBytes(),
                "channels", j.channels(), "iterations", j.iterations(), "gap", j.gapPs(), "start", j.startPs()},
                j.connection(), j.baseLatencyPs(), j.stepLatencyPs(), j.nvlinkStepPs(), j.ringOrder(), j.pxn(),
                j.tuner(), "cts_delay", latency(j.ctsDelayPs())));
    }
}
