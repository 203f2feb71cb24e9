package org.lossless.verbs.measure;

import java.util.ArrayList;
import java.util.List;

/** Collects what parsers find, in input order. Not thread-safe. */
public final class MeasurementBuilder {
    public final List<Source> sources = new ArrayList<>();
    public final List<BwResult> flows = new ArrayList<>();
    public final List<LatResult> latency = new ArrayList<>();
    public final List<SingleValue> values = new ArrayList<>();
    public final List<CollectiveResult> collectives = new ArrayList<>();
    public final List<StorageResult> storage = new ArrayList<>();
    public final List<PortCounters> ports = new ArrayList<>();
    public final List<RdmaCounters> rdma = new ArrayList<>();
    public final List<RawCounters> rawCounters = new ArrayList<>();
    public final List<NicQos> nicQos = new ArrayList<>();
    public final List<DcqcnKnobs> dcqcn = new ArrayList<>();
    public final List<SwitchCounters> switchCounters = new ArrayList<>();
    public final List<SwitchConfig> switchConfig = new ArrayList<>();
    public final List<ToolHelp> toolHelp = new ArrayList<>();
    public final List<VersionInfo> versions = new ArrayList<>();
    public final List<String> errors = new ArrayList<>();
    public final List<String> warnings = new ArrayList<>();
    public final List<String> notAvailable = new ArrayList<>();

    /** A builder holding everything {@code m} holds (to add to it). */
    public static MeasurementBuilder from(Measurement m) {
        MeasurementBuilder b = new MeasurementBuilder();
        b.sources.addAll(m.sources());
        b.flows.addAll(m.flows());
        b.latency.addAll(m.latency());
        b.values.addAll(m.values());
        b.collectives.addAll(m.collectives());
        b.storage.addAll(m.storage());
        b.ports.addAll(m.ports());
        b.rdma.addAll(m.rdma());
        b.rawCounters.addAll(m.rawCounters());
        b.nicQos.addAll(m.nicQos());
        b.dcqcn.addAll(m.dcqcn());
        b.switchCounters.addAll(m.switchCounters());
        b.switchConfig.addAll(m.switchConfig());
        b.toolHelp.addAll(m.toolHelp());
        b.versions.addAll(m.versions());
        b.errors.addAll(m.errors());
        b.warnings.addAll(m.warnings());
        b.notAvailable.addAll(m.notAvailable());
        return b;
    }

    public Measurement build() {
        return new Measurement(Measurement.FORMAT_VERSION, sources, flows, latency, values, collectives, storage, ports,
                rdma, rawCounters, nicQos, dcqcn, switchCounters, switchConfig, toolHelp, versions, errors, warnings,
                notAvailable);
    }
}
