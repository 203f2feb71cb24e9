package org.lossless.experiments.scenario;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.lossless.core.settings.KeyTable;
import org.lossless.core.settings.Section;
import org.lossless.switchmodel.settings.BufferSchema;
import org.lossless.switchmodel.settings.EcnSchema;
import org.lossless.switchmodel.settings.PfcSchema;
import org.lossless.switchmodel.settings.QosMapSchema;
import org.lossless.switchmodel.settings.SchedulingSchema;
import org.lossless.switchmodel.settings.SwitchSchema;
import org.lossless.workloads.spec.CollectiveSchema;
import org.lossless.workloads.spec.DatacenterSchema;
import org.lossless.workloads.spec.FlowsSchema;
import org.lossless.workloads.spec.StorageSchema;
import org.lossless.workloads.spec.TrainingSchema;
import org.lossless.workloads.spec.WorkloadSchema;

/**
 * The sections whose key tables docs/scenario.md (and, for the congestion controls, docs/cc.md) holds between {@code <!-- schema:PATH begin ... -->} and
 * {@code <!-- schema:PATH end -->} markers, generated from their schemas. {@code SchemaDocsTest} fails when the
 * file differs; regenerate with
 * {@code java -cp <experiments and its dependencies> org.lossless.experiments.scenario.SchemaDocs docs/scenario.md}
 * or {@code mvn -o -pl experiments -am test -Dtest=SchemaDocsTest -Dschema.docs.write=true
 * -Dsurefire.failIfNoSpecifiedTests=false}. A new section: add it to {@link #SECTIONS} and put its two markers
 * in the docs.
 */
public final class SchemaDocs {
    /** Every section with a generated table, in docs order. */
    public static final List<Section> SECTIONS = List.of(SwitchSchema.SWITCH, BufferSchema.POOL, PfcSchema.PFC,
            PfcSchema.WATCHDOG,
            BufferSchema.PROFILE, EcnSchema.ECN, EcnSchema.BY_RATE, QosMapSchema.QOS_MAP,
            SchedulingSchema.SCHEDULING, SwitchSchema.TRIMMING, SwitchSchema.LLR, SwitchSchema.CBFC,
            org.lossless.nic.NicSchema.NIC, org.lossless.nic.UetSchema.UET, org.lossless.nic.IrnSchema.IRN,
            org.lossless.nic.RxBufferSchema.RX_BUFFER, org.lossless.nic.dcqcn.DcqcnSchema.DCQCN,
            // topology, routing, telemetry and the top-level keys
            RunSchema.RUN, TopologySchema.STAR, TopologySchema.DUMBBELL, TopologySchema.PARKING_LOT, TopologySchema.RING,
            TopologySchema.LEAF_SPINE, TopologySchema.FAT_TREE, TopologySchema.RAIL_OPTIMIZED, TopologySchema.SERVER,
            TopologySchema.HPCC_FILE, TopologySchema.LINK, TelemetrySchema.TELEMETRY, RoutingSchema.ROUTING,
            RoutingSchema.FAILURE, MetricsSchema.METRICS, EngineSchema.ENGINE,
            WorkloadSchema.COMMON, CollectiveSchema.COLLECTIVE, TrainingSchema.TRAINING, TrainingSchema.COMPUTE,
            TrainingSchema.CHECKPOINT, TrainingSchema.CHAKRA, TrainingSchema.SIMAI,
            FlowsSchema.FLOWS, FlowsSchema.FLOW, FlowsSchema.HPCC_FLOWS, StorageSchema.NVMEOF,
            StorageSchema.REPLICATION, StorageSchema.CHECKPOINT, DatacenterSchema.CDF, DatacenterSchema.CDF_INCAST,
            DatacenterSchema.INCAST, DatacenterSchema.PERMUTATION);

    private SchemaDocs() {
    }

    /**
     * The congestion controls' sections whose key tables docs/cc.md holds between the same markers: every
     * algorithm of the registry ({@link org.lossless.nic.cc.CcSpecs#ALL}), so a new one needs its table there.
     */
    public static List<Section> ccSections() {
        return org.lossless.nic.cc.CcSpecs.ALL.stream().map(org.lossless.nic.cc.CcSpec::section).toList();
    }

    /** docs/cc.md's {@code doc} with every congestion control's table regenerated. */
    public static String regenerateCc(String doc) {
        String out = doc;
        for (Section s : ccSections()) {
            out = KeyTable.replace(out, s);
        }
        return out;
    }

    /** {@code doc} with every section's table regenerated. */
    public static String regenerate(String doc) {
        String out = doc;
        for (Section s : SECTIONS) {
            out = KeyTable.replace(out, s);
        }
        return out;
    }

    /** Rewrites the tables of the Markdown file {@code args[0]} in place (docs/cc.md: the congestion controls'). */
    public static void main(String[] args) throws IOException {
        Path p = Path.of(args[0]);
        String doc = Files.readString(p, StandardCharsets.UTF_8);
        Files.writeString(p, p.getFileName().toString().equals("cc.md") ? regenerateCc(doc) : regenerate(doc),
                StandardCharsets.UTF_8);
    }
}
