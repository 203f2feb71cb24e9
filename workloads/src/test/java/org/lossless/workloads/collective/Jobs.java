package org.lossless.workloads.collective;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.RecordingContext;
import org.lossless.workloads.traffic.TrafficProgram;

/** Test helpers: a job builder with explicit latencies and a recording run. */
final class Jobs {
    /** 100 Gb/s, 1 us one-way in the recording model. */
    static final long RATE = 100_000_000_000L;
    static final long LAT = 1_000_000L;
    /** cts_delay's documented default (docs/workloads.md, "Slot grants on the wire"): a grant is acted on this long after it arrives, ps. */
    static final long CTS_DELAY = 773_000L;
    static final long US = 1_000_000L;

    private Jobs() {
    }

    static Builder of(Collective c, int n) {
        return new Builder(c, IntStream.range(0, n).boxed().toList());
    }

    static final class Builder {
        Collective collective;
        Algorithm algorithm;
        Protocol protocol = Protocol.SIMPLE;
        List<Integer> ranks;
        long size = 1 << 20;
        int channels = 1;
        int iterations = 1;
        long start;
        long gap;
        long base = 0;
        long step = 5 * US;
        long nvStep = 2 * US;
        long ctsDelay = -1;
        RingOrder order = RingOrder.RAIL;
        boolean pxn = true;
        int root;
        PairSizes pairs;
        GpuServers servers = GpuServers.ONE_PER_HOST;
        String name = "job";

        Builder(Collective c, List<Integer> ranks) {
            this.collective = c;
            this.ranks = ranks;
            this.algorithm = c == Collective.ALLTOALL ? Algorithm.DIRECT : Algorithm.RING;
            this.pairs = c == Collective.ALLTOALL ? PairSizes.skewed(0) : null;
        }

        Builder algorithm(Algorithm a) {
            algorithm = a;
            return this;
        }

        Builder protocol(Protocol p) {
            protocol = p;
            return this;
        }

        Builder size(long s) {
            size = s;
            return this;
        }

        Builder channels(int c) {
            channels = c;
            return this;
        }

        Builder iterations(int i, long gapPs) {
            iterations = i;
            gap = gapPs;
            return this;
        }

        Builder latencies(long basePs, long stepPs, long nvStepPs) {
            base = basePs;
            step = stepPs;
            nvStep = nvStepPs;
            return this;
        }

        /** The clear-to-send delay, ps (-1: the default). */
        Builder ctsDelay(long ps) {
            this.ctsDelay = ps;
            return this;
        }

        Builder servers(GpuServers s) {
            servers = s;
            return this;
        }

        Builder order(RingOrder o, boolean withPxn) {
            order = o;
            pxn = withPxn;
            return this;
        }

        Builder root(int r) {
            root = r;
            return this;
        }

        Builder pairs(PairSizes p) {
            pairs = p;
            return this;
        }

        Builder ranks(List<Integer> r) {
            ranks = r;
            return this;
        }

        Builder name(String n) {
            name = n;
            return this;
        }

        CollectiveJob build() {
            return new CollectiveJob(name, collective, algorithm, protocol, ranks, size, channels, iterations, start, gap,
                    ConnectionOptions.of(3), base, step, nvStep, order, pxn, root, pairs, servers, TunerMode.SIMULATOR,
                    ctsDelay);
        }
    }

    /** Runs the programs on a star of {@code hosts} under the recording model; returns every message. */
    static List<Message> record(int hosts, TrafficProgram... programs) {
        Topology star = StarTopology.build(hosts, RATE, LAT);
        return new RecordingContext(star, 1000, 1, RATE, LAT).run(List.of(programs), Long.MAX_VALUE);
    }

    /** Starts {@code p} on a star of {@code hosts} under the recording model and runs it to 1 ps only (its plan made). */
    static void start(int hosts, TrafficProgram p) {
        Topology star = StarTopology.build(hosts, RATE, LAT);
        new RecordingContext(star, 1000, 1, RATE, LAT).run(List.of(p), 1);
    }

    static List<Message> data(List<Message> all) {
        List<Message> out = new ArrayList<>();
        for (Message m : all) {
            if ("data".equals(m.tag().operation())) {
                out.add(m);
            }
        }
        return out;
    }

    /** Serialization of {@code bytes} at 100 Gb/s, ps. */
    static long ser(long bytes) {
        return bytes * 8 * 1_000_000_000_000L / RATE;
    }

    /** Bytes of {@code data} per (source host, destination host) among {@code n} hosts. */
    static long[][] bytes(List<Message> data, int n) {
        long[][] out = new long[n][n];
        for (Message m : data) {
            out[m.connection().srcHost()][m.connection().dstHost()] += m.bytes();
        }
        return out;
    }
}
