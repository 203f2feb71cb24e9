package org.lossless.experiments.run;

import java.util.HashSet;
import java.util.Set;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.TelemetryConfig;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * An upper bound of what the sampled time series ({@code timeseries/queues.csv}, {@code rates.csv}) can
 * write, known before the run: samples = stop_time / sample_interval; per sample at most one row per watched
 * (switch egress port, priority in use) and one per watched flow. Real files are usually far smaller (a queue
 * row is written only while the queue is or just was non-empty, a rate row only while the flow runs), so
 * this bounds, it does not predict. {@code timeseries/pfc.csv} is one row per pause event and is not counted.
 *
 * @param samples     sampling instants up to stop_time
 * @param queueSeries watched (switch port, priority) pairs
 * @param rateSeries  watched flows
 * @param bytes       upper bound of the bytes written
 */
public record TelemetryEstimate(long samples, long queueSeries, long rateSeries, double bytes) {
    /** Bytes of one queues.csv row at most (time, switch name, port, priority, bytes). */
    static final int QUEUE_ROW_BYTES = 48;
    /** Bytes of one rates.csv row at most (time, flow id, rate). */
    static final int RATE_ROW_BYTES = 40;

    /** The bound for {@code s}. */
    public static TelemetryEstimate of(Scenario s) {
        TelemetryConfig c = s.telemetry();
        java.util.List<org.lossless.workloads.flows.ListedFlow> flows;
        try {
            flows = ScenarioEngine.input(s).flows();
        } catch (org.lossless.workloads.yaml.ScenarioException e) {
            flows = null; // a workload the engine cannot run yet: count every priority, no flow list
        }
        long samples = s.stopTimePs() / c.sampleIntervalPs() + 1;
        long queueSeries = 0;
        if (!c.queues().none()) {
            Set<Integer> priorities = new HashSet<>();
            if (flows == null) {
                for (int p = 0; p < 8; p++) {
                    priorities.add(p);
                }
            } else {
                for (org.lossless.workloads.flows.ListedFlow f : flows) {
                    priorities.add(f.priority());
                }
            }
            Topology t = ScenarioEngine.topology(s);
            long ports = 0;
            for (Node n : t.nodes()) {
                if (n.isHost()) {
                    continue;
                }
                for (Port p : t.ports(n.id())) {
                    if (c.queues().includes(new TelemetryConfig.QueueRef(n.name(), p.index()))) {
                        ports++;
                    }
                }
            }
            queueSeries = ports * Math.max(1, priorities.size());
        }
        long rateSeries = 0;
        if (!c.flowRates().none()) {
            rateSeries = c.flowRates().all() ? (flows == null ? 0 : flows.size()) : c.flowRates().items().size();
        }
        double bytes = (double) samples * (queueSeries * QUEUE_ROW_BYTES + rateSeries * RATE_ROW_BYTES);
        return new TelemetryEstimate(samples, queueSeries, rateSeries, bytes);
    }
}
