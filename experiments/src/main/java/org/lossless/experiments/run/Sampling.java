package org.lossless.experiments.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.lossless.core.kernel.Engine;
import org.lossless.core.kernel.Scheduler;
import org.lossless.experiments.metrics.PartitionTelemetry;
import org.lossless.experiments.metrics.TelemetrySampler;
import org.lossless.experiments.scenario.TelemetryConfig;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * A run's sampled time series: on the sequential engine one {@link TelemetrySampler} for queues, rates and links; on
 * the partitioned engine the queues and links sampled by each partition for its own ports ({@link PartitionTelemetry},
 * merged between windows by {@link Completions}) and the rates, which read the programs' state, by the one sampler.
 */
final class Sampling {
    private final TelemetrySampler global;
    private final PartitionTelemetry partitions;

    private Sampling(TelemetrySampler global, PartitionTelemetry partitions) {
        this.global = global;
        this.partitions = partitions;
    }

    /** The samplers of {@code t}'s series; {@code cut}: the partitioned run's cut, or null (sequential). */
    static Sampling of(Engine kernel, PacketNetwork network, ProgramDriver traffic, PacketEngine.Telemetry t,
                       RunPartitions cut) {
        TelemetryConfig c = t.config();
        List<TelemetrySampler.QueueProbe> probes = new ArrayList<>();
        Topology topology = network.topology();
        for (Node node : topology.nodes()) {
            SwitchNode sw = network.switchAt(node.id());
            if (sw == null) {
                continue;
            }
            for (int port = 0; port < sw.portCount(); port++) {
                if (c.queues().includes(new TelemetryConfig.QueueRef(node.name(), port))) {
                    probes.add(new TelemetrySampler.QueueProbe(node.name(), port, sw.queues(port)));
                }
            }
        }
        TelemetryConfig.Selection<Long> rates = c.flowRates();
        long[] watched = rates.all() ? null : rates.items().stream().mapToLong(Long::longValue).toArray();
        // rates can be written if a watched message exists, or if a program may still post one
        boolean possible = !rates.none() && (!traffic.allFinished()
                || (rates.all() ? traffic.count() > 0 : rates.items().stream().anyMatch(id -> id < traffic.count())));
        List<TelemetrySampler.LinkProbe> links = new ArrayList<>();
        if (t.links() != null) {
            for (Node node : topology.nodes()) {
                for (org.lossless.topology.Port p : topology.ports(node.id())) {
                    if (c.links().includes(new TelemetryConfig.QueueRef(node.name(), p.index()))) {
                        links.add(new TelemetrySampler.LinkProbe(node.name(), p.index(),
                                network.egress(node.id(), p.index())));
                    }
                }
            }
        }
        try {
            TelemetrySampler.writeHeaders(t.queues(), t.rates(), t.links());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (cut == null) {
            return new Sampling(new TelemetrySampler(kernel, c.sampleIntervalPs(), probes, traffic, watched, possible,
                    t.queues(), t.rates(), links, t.links()), null);
        }
        int[] partOf = cut.partOf();
        int[] queuePart = probes.stream().mapToInt(q -> partOf[topology.nodeId(q.node())]).toArray();
        int[] linkPart = links.stream().mapToInt(l -> partOf[topology.nodeId(l.node())]).toArray();
        Scheduler[] first = new Scheduler[cut.partitions()];
        for (int p = 0; p < first.length; p++) {
            first[p] = kernel.partition(p).instantStart();
        }
        return new Sampling(new TelemetrySampler(kernel, c.sampleIntervalPs(), List.of(), traffic, watched, possible,
                null, t.rates(), List.of(), null),
                new PartitionTelemetry(c.sampleIntervalPs(), probes, queuePart, links, linkPart, first, t.queues(),
                        t.links()));
    }

    void arm() {
        global.arm();
        if (partitions != null) {
            partitions.arm();
        }
    }

    /** The partitions' samplers, or null (sequential). */
    PartitionTelemetry partitions() {
        return partitions;
    }

    /** Events the partitions' samplers ran beyond one per sample instant up to {@code endPs} (0: sequential). */
    long extraEvents(long endPs) {
        return partitions == null ? 0 : partitions.extraEvents(endPs, global.samples());
    }

    /** At the end of the run ({@code endPs}): the last samples and rows, handed to the writers. */
    void finish(long endPs) {
        if (partitions != null) {
            partitions.finish(endPs);
        }
        global.finish(endPs);
    }
}
