package org.lossless.verbs.measure;

import java.util.List;

/**
 * Everything one run measured (or one set of files holds), written as JSON by {@link MeasurementJson}.
 * Built with {@link MeasurementBuilder}; lists keep the order of the inputs.
 *
 * @param formatVersion  {@value #FORMAT_VERSION}; raised when a field changes meaning
 * @param sources        what was read
 * @param flows          perftest bandwidth runs (per-flow goodput)
 * @param latency        perftest latency runs (percentiles)
 * @param values         bare numbers ({@code --output=...})
 * @param collectives    nccl-tests runs
 * @param storage        fio jobs
 * @param ports          NIC port counters per priority and per port (pauses, paused time, ECN, drops)
 * @param rdma           RDMA counters (ECN marks, CNPs sent and handled, retransmissions)
 * @param rawCounters    every counter as printed (deltas in a bundle)
 * @param nicQos         {@code mlnx_qos}
 * @param dcqcn          DCQCN knobs (sysfs, debugfs, mlxconfig)
 * @param switchCounters SONiC counters
 * @param switchConfig   SONiC CONFIG_DB and pg_profile_lookup.ini
 * @param toolHelp       options a tool accepts ({@code --help})
 * @param versions       versions and link facts read on the hosts (first lines of the commands' output)
 * @param errors         errors the tools printed (a run that failed says so here)
 * @param warnings       what was odd but readable (ignored lines, truncated rows, counter wrap)
 * @param notAvailable   counters the record has as null, with the source that lacked them
 */
public record Measurement(int formatVersion, List<Source> sources, List<BwResult> flows, List<LatResult> latency,
                          List<SingleValue> values, List<CollectiveResult> collectives, List<StorageResult> storage,
                          List<PortCounters> ports, List<RdmaCounters> rdma, List<RawCounters> rawCounters,
                          List<NicQos> nicQos, List<DcqcnKnobs> dcqcn, List<SwitchCounters> switchCounters,
                          List<SwitchConfig> switchConfig, List<ToolHelp> toolHelp, List<VersionInfo> versions,
                          List<String> errors,
                          List<String> warnings, List<String> notAvailable) {
    public static final int FORMAT_VERSION = 1;

    public Measurement {
        sources = List.copyOf(sources);
        flows = List.copyOf(flows);
        latency = List.copyOf(latency);
        values = List.copyOf(values);
        collectives = List.copyOf(collectives);
        storage = List.copyOf(storage);
        ports = List.copyOf(ports);
        rdma = List.copyOf(rdma);
        rawCounters = List.copyOf(rawCounters);
        nicQos = List.copyOf(nicQos);
        dcqcn = List.copyOf(dcqcn);
        switchCounters = List.copyOf(switchCounters);
        switchConfig = List.copyOf(switchConfig);
        toolHelp = List.copyOf(toolHelp);
        versions = List.copyOf(versions);
        errors = List.copyOf(errors);
        warnings = List.copyOf(warnings);
        notAvailable = List.copyOf(notAvailable);
    }

    /** The bandwidth result of scenario flow {@code flowId} measured by a client, or null. */
    public BwResult flow(long flowId) {
        for (BwResult r : flows) {
            if (r.flowId() != null && r.flowId() == flowId && !"server".equals(r.role())) {
                return r;
            }
        }
        return null;
    }

    /** The latency result of scenario flow {@code flowId} measured by a client, or null. */
    public LatResult latencyOf(long flowId) {
        for (LatResult r : latency) {
            if (r.flowId() != null && r.flowId() == flowId && !"server".equals(r.role())) {
                return r;
            }
        }
        return null;
    }
}
