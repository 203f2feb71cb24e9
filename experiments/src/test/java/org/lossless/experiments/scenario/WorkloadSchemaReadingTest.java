package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.workloads.spec.DatacenterSchema;
import org.lossless.workloads.spec.DatacenterWorkloads;
import org.lossless.workloads.spec.FlowsSchema;
import org.lossless.workloads.spec.StorageSchema;
import org.lossless.workloads.spec.StorageWorkloads;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.storage.NvmeofConfig;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.workloads.yaml.SectionReader;
import org.lossless.workloads.yaml.Source;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The flow, storage and datacenter workload types read and written through their schemas ({@link FlowsSchema},
 * {@link StorageSchema}, {@link DatacenterSchema}): defaults as the docs and the hardware give them (hand-written),
 * unknown keys answered from the schema's names, and the resolved scenario's keys read back through the schema to
 * the values the writer took from the workload.
 */
class WorkloadSchemaReadingTest {
    private static final String HEAD = "name: t\ntopology: {type: star, hosts: 8}\nworkloads:\n";

    private static Scenario scenario(String workload) {
        return ScenarioLoader.parse("t.yaml", HEAD + "  - " + workload + "\n", Path.of("/tmp"), List.of());
    }

    private static WorkloadConfig parse(String workload) {
        return scenario(workload).workloads().get(0);
    }

    @Test
    void unsetNvmeofKeysTakeTheLinuxTargetsDefaults() {
        NvmeofConfig c = ((StorageWorkloads.Nvmeof) parse("{type: nvmeof, initiators: [1], targets: [0], ios: 1}"))
                .config();
        assertEquals(8, c.queueDepth());
        assertEquals(4096, c.inlineBytes(), "Linux target: 4 KiB in-capsule data");
        assertEquals(1 << 20, c.mdtsBytes());
        assertEquals(30 * 4096, c.rdmaReadMaxBytes(), "mlx5: 30 pages of 4 KiB");
        assertEquals(30 * 4096, c.rdmaWriteMaxBytes());
        assertEquals(NvmeofConfig.Spread.STRIPE, c.spread());
        assertEquals(3, c.priority(), "the first lossless priority");
        assertEquals(24, c.dscp(), "8 x priority");
    }

    @Test
    void unsetStorageAndDatacenterKeysTakeTheirDocumentedDefaults() {
        var r = ((StorageWorkloads.Replication) parse("{type: replication, clients: [4], osds: [0, 1, 2, 3], "
                + "writes: 1}")).config();
        assertEquals(4 << 20, r.objectBytes(), "RBD object size 4 MiB");
        assertEquals(64, r.ackBytes());
        assertEquals(1, r.outstanding());
        var k = ((StorageWorkloads.Checkpoint) parse("{type: checkpoint, servers: [0], size: 1MB}")).config();
        assertEquals(1 << 20, k.chunkBytes());
        assertEquals(1, k.repeat());
        var i = ((DatacenterWorkloads.Incast) parse("{type: incast, receiver: 0, size: 1MB, priority: 5}")).config();
        assertEquals(1, i.repeat());
        assertEquals(0, i.gapPs());
        assertEquals(40, i.dscp(), "8 x the given priority");
    }

    @Test
    void anUnknownKeyIsAnsweredFromTheSchemasNames() {
        String m = assertThrows(ScenarioException.class, () -> parse("{type: incast, receiver: 0, sise: 1MB}"))
                .getMessage();
        assertTrue(m.startsWith("t.yaml: workloads[0].sise: unknown key"), m);
        assertTrue(m.contains("size"), m);
        assertTrue(m.contains("(allowed here: type, name, receiver, senders, size, start, repeat, gap, jitter, "
                + "priority, dscp, qps, cc)"), m);
    }

    @Test
    void aFlowsPlainKeysAreRangeCheckedByTheSchema() {
        String m = assertThrows(ScenarioException.class, () -> parse("{type: flows, flows: [{src: 1, dst: 0, "
                + "size: 1MB, qps: 65}]}")).getMessage();
        assertEquals("t.yaml: workloads[0].flows[0].qps: 65 is out of range: expected an integer from 1 to 64", m);
    }

    /** The resolved mapping of each type, read back through its section, equals the values the writer wrote. */
    @Test
    void theResolvedKeysReadBackToTheWritersValues() throws Exception {
        check("{type: nvmeof, initiators: [1, 2], targets: [0], duration: 1ms, block_size: {4KiB: 3, 128KiB: 1}}",
                StorageSchema.NVMEOF, w -> StorageSchema.values((StorageWorkloads.Nvmeof) w));
        check("{type: nvmeof, initiators: [1], targets: [0], ios: 3, mix: [{op: write, size: 8KiB}]}",
                StorageSchema.NVMEOF, w -> StorageSchema.values((StorageWorkloads.Nvmeof) w));
        check("{type: replication, clients: [4], osds: [0, 1], writes: 2, osd_latency: 3us}",
                StorageSchema.REPLICATION, w -> StorageSchema.values(((StorageWorkloads.Replication) w).config()));
        check("{type: checkpoint, servers: [0], size: 1MB, repeat: 2, period: 1ms}",
                StorageSchema.CHECKPOINT, w -> StorageSchema.values(((StorageWorkloads.Checkpoint) w).config()));
        check("{type: cdf, distribution: websearch, load: 0.3, duration: 1ms, incast: {senders: 2, size: 1KB, "
                + "interval: 10us}}", DatacenterSchema.CDF, w -> DatacenterSchema.values(((DatacenterWorkloads.Cdf) w)
                .config()));
        check("{type: incast, receiver: 0, size: 1MB, jitter: 1us}",
                DatacenterSchema.INCAST, w -> DatacenterSchema.values(((DatacenterWorkloads.Incast) w).config()));
        check("{type: permutation, size: 1MB, qps: 2}",
                DatacenterSchema.PERMUTATION, w -> DatacenterSchema.values(((DatacenterWorkloads.Permutation) w)
                        .config()));
        String flowsWorkload = "{type: flows, flows: [{src: 1, dst: 0, size: 1MB}, {src: 2, dst: 0, size: 2KB, "
                + "depends_on: 0, delay: 1us}]}";
        WorkloadConfig.Flows f = (WorkloadConfig.Flows) parse(flowsWorkload);
        JsonNode flows = resolvedWorkload(flowsWorkload).get("flows");
        for (int i = 0; i < 2; i++) {
            assertEquals(FlowsSchema.values(f.flows().get(i)), readBack(flows.get(i), FlowsSchema.FLOW));
        }
    }

    private void check(String workload, Section s, java.util.function.Function<WorkloadConfig, Values> values)
            throws Exception {
        assertEquals(values.apply(parse(workload)), readBack(resolvedWorkload(workload), s), workload);
    }

    private static JsonNode resolvedWorkload(String workload) throws Exception {
        return Yaml.MAPPER.readTree(ResolvedYaml.write(scenario(workload))).get("workloads").get(0);
    }

    /** {@code n} read through {@code s}, as written (the resolved scenario writes every value it has). */
    private static Values readBack(JsonNode n, Section s) {
        return SectionReader.read(Cursor.root(new Source("r.yaml", Path.of("/tmp"), Map.of()), n), s);
    }
}
