package org.lossless.experiments.validation;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.OutputQueues;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * An N-to-1 incast on a star at 100 Gb/s with 1 us cables (PFC on priority 3, ECN at the defaults, 32 MB of
 * buffer), the bottleneck being the switch port to host 0. Samples that port's queue every microsecond and
 * its busy time over a window, so congestion controls can be compared on one run.
 */
final class CcIncast {
    static final long G100 = 100 * Lossless.GBPS;

    /** What the bottleneck did between {@code fromPs} and {@code toPs}. */
    record Outcome(RunResult result, long peakQueue, double meanQueue, long p99Queue, double busyFraction) {
    }

    private CcIncast() {
    }

    /** {@code senders} hosts send {@code bytes} each to host 0 from time 0; the window is [{@code fromPs}, {@code toPs}). */
    static Outcome run(NicConfig nic, int senders, long bytes, long fromPs, long toPs) {
        Topology t = new StarSpec(senders + 1, new LinkSpec(G100, Lossless.US)).build();
        List<FlowSpec> flows = new ArrayList<>();
        for (int h = 1; h <= senders; h++) {
            flows.add(Lossless.flow(h, 0, bytes));
        }
        SwitchSettings s = new SwitchSettings(null, null, null, null, Lossless.pfc(null, null, null), null, null, null,
                new EcnSettings(true, null, null, null, null), null);
        List<Long> samples = new ArrayList<>();
        long[] busy = new long[2];
        RunResult r = Lossless.run(t, s, nic, flows, 100 * Lossless.MS, (sim, net, fl) -> {
            SwitchNode sw = net.switchAt(t.nodeId("sw0"));
            int port = Lossless.portTo(t, "sw0", "h0");
            OutputQueues q = sw.queues(port);
            EgressPort e = sw.port(port);
            sim.schedule(new Sampler(sim, q, e, fromPs, toPs, samples, busy), fromPs);
        });
        long peak = 0;
        double sum = 0;
        for (long v : samples) {
            peak = Math.max(peak, v);
            sum += v;
        }
        List<Long> sorted = new ArrayList<>(samples);
        sorted.sort(null);
        long p99 = sorted.isEmpty() ? 0 : sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(0.99 * sorted.size()) - 1));
        double busyFraction = (double) (busy[1] - busy[0]) / (toPs - fromPs);
        return new Outcome(r, peak, samples.isEmpty() ? 0 : sum / samples.size(), p99, busyFraction);
    }

    /** Every microsecond from {@code from} to {@code to}: the queue's bytes; the port's busy time at both ends. */
    private static final class Sampler extends SimEvent {
        private static final long serialVersionUID = 1L;
        private final transient Scheduler sim;
        private final transient OutputQueues q;
        private final transient EgressPort e;
        private final long from;
        private final long to;
        private final transient List<Long> samples;
        private final long[] busy;

        Sampler(Scheduler sim, OutputQueues q, EgressPort e, long from, long to, List<Long> samples, long[] busy) {
            this.sim = sim;
            this.q = q;
            this.e = e;
            this.from = from;
            this.to = to;
            this.samples = samples;
            this.busy = busy;
        }

        @Override
        protected void fire() {
            long now = sim.now();
            if (now == from) {
                busy[0] = e.busyPs();
            }
            if (now >= to) {
                busy[1] = e.busyPs();
                return;
            }
            samples.add(q.queuedBytes(Lossless.PRIO));
            sim.schedule(this, now + Lossless.US);
        }
    }
}
