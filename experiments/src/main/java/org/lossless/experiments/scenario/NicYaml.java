package org.lossless.experiments.scenario;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.units.Units;
import org.lossless.core.settings.Values;
import org.lossless.nic.NicConfig;
import org.lossless.nic.NicSchema;
import org.lossless.nic.RxBufferConfig;
import org.lossless.nic.RxBufferSchema;
import org.lossless.nic.cc.CcSpec;
import org.lossless.nic.cc.CcSpecs;
import org.lossless.nic.cc.CcValues;
import org.lossless.nic.nscc.NsccParams;
import org.lossless.nic.dcqcn.DcqcnSchema;

/**
 * The {@code nic} section of {@code scenario.resolved.yaml}, written from the schemas: every key of
 * {@link NicSchema#NIC} at its resolved value, in a fixed order;
 * {@code nic.dcqcn} (the profile and every key) written from {@link DcqcnSchema}, each congestion control's
 * section from its {@link org.lossless.nic.cc.CcSpec#section()}, {@code nic.uet} and {@code nic.irn} from theirs.
 */
final class NicYaml {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private NicYaml() {
    }

    /**
     * The order of the keys in the resolved file: fixed since the file's first version (results stay byte-identical),
     * not the schema's (the docs') order; each congestion control's section follows, in the registry's order.
     */
    private static final List<String> ORDER = List.of("mtu", "wire", "cc", "ack_interval", "ack_priority", "ack_dscp",
            "cnp_priority", "cnp_dscp", "rto", "ack_delay", "nack_interval", "window", "pfc_response_time",
            "transport", "uet", "loss_recovery", "irn", "rx_buffer", "dcqcn");

    /**
     * Every key of {@link NicSchema#NIC} at its value, in {@link #ORDER}: the plain keys from
     * {@link NicSchema#values}, the custom rows by their writers below.
     *
     * @param uetQps whether some QP runs UET ({@code nic.transport: uet}, or a workload's {@code transport: uet}):
     *               then {@code nic.uet} is written
     */
    static ObjectNode write(NicConfig nic, boolean uetQps) {
        ObjectNode n = F.objectNode();
        Map<String, Runnable> custom = new HashMap<>();
        custom.put("mtu", () -> n.put("mtu", nic.mtu())); // a plain integer, as it has always been written
        // written only when not the default, so that results of scenarios from before the key stay byte-identical
        custom.put("wire", () -> {
            if (!nic.wire().equals(org.lossless.core.net.WireFormat.ROCEV2)) {
                n.put("wire", nic.wire().name());
            }
        });
        custom.put("ack_priority", () -> orData(n, "ack_priority", nic.ackPriority()));
        custom.put("ack_dscp", () -> orData(n, "ack_dscp", nic.ackDscp()));
        custom.put("window", () -> {
            if (nic.window() == NicConfig.NO_WINDOW) {
                n.put("window", "none");
            } else if (nic.window() == NicConfig.BDP_WINDOW) {
                n.put("window", "bdp");
            } else {
                ResolvedYaml.quantity(n, "window", Units.formatSize(nic.window()));
            }
        });
        custom.put("uet", () -> {
            if (uetQps) { // nic.transport uet, or a workload's transport: uet
                ObjectNode u = n.putObject("uet");
                org.lossless.nic.UetConfig uet = nic.uet();
                u.setAll(SectionYaml.write(org.lossless.nic.UetSchema.values(uet)));
                u.set("nscc", SectionYaml.write(CcValues.parse(NsccParams.SECTION, uet.nscc().toSettings())));
                ObjectNode r = u.putObject("rccc");
                r.put("speculative", uet.speculativeBdp());
                r.put("grant", uet.grantPackets());
            }
        });
        custom.put("irn", () -> {
            if (nic.lossRecovery().irn()) {
                ObjectNode irn = n.putObject("irn");
                irn.setAll(SectionYaml.write(org.lossless.nic.IrnSchema.values(nic.lossRecovery())));
                if (nic.lossRecovery().bdpCapPackets() == org.lossless.nic.LossRecoveryConfig.PATH_BDP_CAP) {
                    irn.put("bdp_cap", "path");
                } else {
                    irn.put("bdp_cap", nic.lossRecovery().bdpCapPackets());
                }
            }
        });
        custom.put("rx_buffer", () -> {
            if (nic.rxBuffer() == null) {
                n.put("rx_buffer", "none");
            } else {
                n.set("rx_buffer", rxBuffer(nic.rxBuffer()));
            }
        });
        custom.put("dcqcn", () -> {
            if (nic.dcqcn() != null) {
                n.set("dcqcn", SectionYaml.write(DcqcnSchema.values(nic.dcqcn())));
            }
        });
        for (CcSpec<?> spec : CcSpecs.ALL) {
            custom.put(spec.name(), () -> n.set(spec.name(),
                    SectionYaml.write(CcValues.parse(spec.section(), nic.ccSettings().format(spec.name())))));
        }
        Values plain = NicSchema.values(nic);
        List<String> order = new ArrayList<>(ORDER);
        order.addAll(CcSpecs.names());
        for (String name : order) {
            Runnable w = custom.get(name);
            if (w != null) {
                w.run();
            } else {
                SectionYaml.put(n, plain, name);
            }
        }
        return n;
    }

    /** A priority or DSCP, or {@code data} for {@link NicConfig#SAME_AS_DATA}. */
    private static void orData(ObjectNode n, String key, int v) {
        if (v == NicConfig.SAME_AS_DATA) {
            n.put(key, "data");
        } else {
            n.put(key, v);
        }
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
                "storm_timeout", () -> ResolvedYaml.quantity(n, "storm_timeout",
                        Units.formatTime(rx.stormTimeoutPs()))));
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
