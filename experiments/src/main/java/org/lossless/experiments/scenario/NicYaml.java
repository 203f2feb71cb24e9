package org.lossless.experiments.scenario;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;

import org.lossless.core.units.Units;
import org.lossless.nic.NicConfig;
import org.lossless.nic.RxBufferConfig;
import org.lossless.nic.RxBufferSchema;
import org.lossless.nic.cc.CcValues;
import org.lossless.nic.nscc.NsccParams;
import org.lossless.nic.dcqcn.DcqcnSchema;

/**
 * The {@code nic} section of {@code scenario.resolved.yaml}: every key at its resolved value, in a fixed order;
 * {@code nic.dcqcn} (the profile and every key) written from {@link DcqcnSchema}, each congestion control's
 * section from its {@link org.lossless.nic.cc.CcSpec#section()}, {@code nic.uet} and {@code nic.irn} from theirs.
 */
final class NicYaml {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private NicYaml() {
    }

    /**
     * @param uetQps whether some QP runs UET ({@code nic.transport: uet}, or a workload's {@code transport: uet}):
     *               then {@code nic.uet} is written
     */
    static ObjectNode write(NicConfig nic, boolean uetQps) {
        ObjectNode n = F.objectNode();
        n.put("mtu", nic.mtu());
        if (!nic.wire().equals(org.lossless.core.net.WireFormat.ROCEV2)) {
            // written only when not the default, so that results of scenarios from before the key stay byte-identical
            n.put("wire", nic.wire().name());
        }
        n.put("cc", nic.cc());
        n.put("ack_interval", nic.ackEvery());
        if (nic.ackPriority() == NicConfig.SAME_AS_DATA) {
            n.put("ack_priority", "data");
        } else {
            n.put("ack_priority", nic.ackPriority());
        }
        if (nic.ackDscp() == NicConfig.SAME_AS_DATA) {
            n.put("ack_dscp", "data");
        } else {
            n.put("ack_dscp", nic.ackDscp());
        }
        n.put("cnp_priority", nic.cnpPriority());
        n.put("cnp_dscp", nic.cnpDscp());
        ResolvedYaml.quantity(n, "rto", Units.formatTime(nic.rtoPs()));
        ResolvedYaml.quantity(n, "ack_delay", Units.formatTime(nic.ackDelayPs()));
        ResolvedYaml.quantity(n, "nack_interval", Units.formatTime(nic.nackIntervalPs()));
        if (nic.window() == NicConfig.NO_WINDOW) {
            n.put("window", "none");
        } else if (nic.window() == NicConfig.BDP_WINDOW) {
            n.put("window", "bdp");
        } else {
            ResolvedYaml.quantity(n, "window", Units.formatSize(nic.window()));
        }
        if (nic.pfcResponsePs() == NicConfig.AUTO_PFC_RESPONSE) {
            n.put("pfc_response_time", "auto");
        } else {
            ResolvedYaml.quantity(n, "pfc_response_time", Units.formatTime(nic.pfcResponsePs()));
        }
        n.put("transport", nic.uet().transport());
        if (uetQps) { // nic.transport uet, or a workload's transport: uet
            ObjectNode u = n.putObject("uet");
            org.lossless.nic.UetConfig uet = nic.uet();
            u.setAll(SectionYaml.write(org.lossless.nic.UetSchema.values(uet)));
            u.set("nscc", SectionYaml.write(CcValues.parse(NsccParams.SECTION, uet.nscc().toSettings())));
            ObjectNode r = u.putObject("rccc");
            r.put("speculative", uet.speculativeBdp());
            r.put("grant", uet.grantPackets());
        }
        n.put("loss_recovery", nic.lossRecovery().mode());
        if (nic.lossRecovery().irn()) {
            ObjectNode irn = n.putObject("irn");
            irn.setAll(SectionYaml.write(org.lossless.nic.IrnSchema.values(nic.lossRecovery())));
            if (nic.lossRecovery().bdpCapPackets() == org.lossless.nic.LossRecoveryConfig.PATH_BDP_CAP) {
                irn.put("bdp_cap", "path");
            } else {
                irn.put("bdp_cap", nic.lossRecovery().bdpCapPackets());
            }
        }
        if (nic.rxBuffer() == null) {
            n.put("rx_buffer", "none");
        } else {
            n.set("rx_buffer", rxBuffer(nic.rxBuffer()));
        }
        if (nic.dcqcn() != null) {
            n.set("dcqcn", SectionYaml.write(DcqcnSchema.values(nic.dcqcn())));
        }
        for (org.lossless.nic.cc.CcSpec<?> spec : org.lossless.nic.cc.CcSpecs.ALL) {
            n.set(spec.name(), SectionYaml.write(CcValues.parse(spec.section(), nic.ccSettings().format(spec.name()))));
        }
        return n;
    }

    /** {@code size} and {@code drain_rate} from {@link RxBufferSchema}, its custom rows here, in the schema's order. */
    private static ObjectNode rxBuffer(RxBufferConfig rx) {
        ObjectNode n = F.objectNode();
        SectionYaml.write(RxBufferSchema.values(rx), n, Map.of(
                "xoff", () -> threshold(n, "xoff", rx.xoffBytes()),
                "xon", () -> threshold(n, "xon", rx.xonBytes()),
                "priorities", () -> {
                    ArrayNode prios = n.putArray("priorities");
                    for (int p = 0; p < 8; p++) {
                        if (rx.buffers(p)) {
                            prios.add(p);
                        }
                    }
                },
                "hosts", () -> {
                    if (rx.hosts().isEmpty()) {
                        n.put("hosts", "all");
                    } else {
                        ArrayNode hosts = n.putArray("hosts");
                        rx.hosts().forEach(hosts::add);
                    }
                },
                "storm_timeout", () -> ResolvedYaml.quantity(n, "storm_timeout", Units.formatTime(rx.stormTimeoutPs()))));
        return n;
    }

    private static void threshold(ObjectNode n, String key, long bytes) {
        if (bytes == RxBufferConfig.AUTO) {
            n.put(key, "auto");
        } else {
            ResolvedYaml.quantity(n, key, Units.formatSize(bytes));
        }
    }
}
