package org.lossless.switchmodel.settings;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.lossless.switchmodel.ecn.EcnConfig;
import org.lossless.switchmodel.mmu.Hpcc2019Config;
import org.lossless.switchmodel.mmu.Hpcc2019Mmu;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.mmu.MmuConfig;
import org.lossless.switchmodel.mmu.SharedBufferMmu;
import org.lossless.switchmodel.pfc.PfcTiming;
import org.lossless.switchmodel.qos.QosMap;
import org.lossless.topology.Topology;

/**
 * The buffer manager's numbers of every switch of one fabric, assembled once: for each switch its ports as the MMU
 * sees them ({@link SwitchPorts}), its MMU configuration (pools, thresholds, headroom; {@link MmuFactory#config} or,
 * with the hpcc2019 profile, {@link MmuFactory#hpccConfig}) and its ECN configuration, plus the fabric-wide PFC
 * timing and classification. The load-time switch check, the lints and the engine all read this one assembly, so
 * a switch's thresholds are computed once per distinct port layout (a leaf-spine has two, a fat-tree three), not
 * once per switch and user.
 *
 * <p>Everything held is immutable; {@link Switch#newMmu()} makes the stateful {@link Mmu} a run (or a lint's probe)
 * charges. A switch whose settings cannot fit its ports keeps the {@link IllegalArgumentException} message and
 * rethrows it on every {@link #of} (the check reports it, the lints skip that switch, the engine fails with it).
 * Instance state only (no static cache); thread-safe (the parallel engine builds partitions' switches at once).
 */
public final class SwitchMmus {
    private final Topology topology;
    private final SwitchSettings settings;
    private final long nicResponsePs;
    private final int maxFrameBytes;
    /** Per node id: its assembled switch once asked for; null before (and for hosts). */
    private final Switch[] byNode;
    /** One assembly per distinct (ports, NIC rate): switches of the same layout share it. */
    private final Map<List<Object>, Switch> byLayout = new HashMap<>();
    /** {@code headroom: auto}'s answers by their inputs, for the sizing ({@link MmuFactory#config}) and the lint. */
    private final AutoHeadroom auto = new AutoHeadroom();
    private PfcTiming timing;
    private QosMap qos;

    /**
     * @param nicResponsePs  the NICs' PFC response time, ps (the peer response of host-facing ports)
     * @param maxFrameBytes  the largest lossless frame on the wire, B (headroom: auto)
     */
    public SwitchMmus(Topology topology, SwitchSettings settings, long nicResponsePs, int maxFrameBytes) {
        this.topology = Objects.requireNonNull(topology, "topology");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.nicResponsePs = nicResponsePs;
        this.maxFrameBytes = maxFrameBytes;
        this.byNode = new Switch[topology.nodes().size()];
    }

    public Topology topology() {
        return topology;
    }

    public SwitchSettings settings() {
        return settings;
    }

    public long nicResponsePs() {
        return nicResponsePs;
    }

    public int maxFrameBytes() {
        return maxFrameBytes;
    }

    /**
     * Switch {@code node}'s assembly (built on first use, shared with every switch of the same port layout).
     *
     * @throws IllegalArgumentException when the settings cannot fit this switch's ports (the message says why)
     */
    public synchronized Switch of(int node) {
        Switch s = assembled(node);
        if (s.error != null) {
            throw new IllegalArgumentException(s.error);
        }
        return s;
    }

    /** Switch {@code node}'s assembly, also when its settings cannot fit (then {@link Switch#error()} says why). */
    private Switch assembled(int node) {
        Switch s = byNode[node];
        if (s == null) {
            List<PortSpec> ports = SwitchPorts.of(topology, node, settings, nicResponsePs);
            long nicRate = SwitchPorts.nicRate(topology, node);
            s = byLayout.computeIfAbsent(List.of(ports, nicRate), k -> assemble(ports, nicRate));
            byNode[node] = s;
        }
        return s;
    }

    /** Switch {@code node}'s ports as the MMU sees them, in port order (also when its settings cannot fit). */
    public synchronized List<PortSpec> ports(int node) {
        return assembled(node).ports();
    }

    /**
     * What {@code headroom: auto} gives {@code port} with these settings ({@link MmuFactory#autoHeadroom}), bytes:
     * the same remembered computation that sized the MMUs, whatever {@code switch.pfc.headroom} says (the headroom
     * lint compares a fixed headroom with it). The settings' {@code switch.pfc} must be set.
     */
    public synchronized long autoHeadroomBytes(PortSpec port) {
        int cell = settings.cellSize() == null ? 1 : settings.cellSize();
        return auto.bytes(port, settings.pfc(), maxFrameBytes, cell);
    }

    /** The PFC pause model of every switch ({@link MmuFactory#pfcTiming}). */
    public synchronized PfcTiming timing() {
        if (timing == null) {
            timing = MmuFactory.pfcTiming(settings);
        }
        return timing;
    }

    /** The classification of every switch ({@link MmuFactory#qosMap}). */
    public synchronized QosMap qos() {
        if (qos == null) {
            qos = MmuFactory.qosMap(settings);
        }
        return qos;
    }

    private Switch assemble(List<PortSpec> ports, long nicRate) {
        try {
            // the order the engine always built them in: the MMU's error comes before ECN's
            boolean hpcc = "hpcc2019".equals(settings.profile());
            Hpcc2019Config h = hpcc ? MmuFactory.hpccConfig(settings, ports, nicRate) : null;
            MmuConfig c = hpcc ? null : MmuFactory.config(settings, ports, maxFrameBytes, auto);
            return new Switch(ports, nicRate, c, h, MmuFactory.ecnConfig(settings, ports), null);
        } catch (IllegalArgumentException e) {
            return new Switch(ports, nicRate, null, null, null, e.getMessage());
        }
    }

    /**
     * One switch's buffer-manager numbers.
     *
     * @param ports     its ports as the MMU sees them, in port order
     * @param nicRateBps the fastest host link on it (hpcc2019 threshold shift), bps
     * @param config    the shared-buffer configuration (profile default), else null
     * @param hpcc      the hpcc2019 configuration (profile hpcc2019), else null
     * @param ecn       its ECN marking configuration
     * @param error     why the settings cannot fit these ports, else null
     */
    public record Switch(List<PortSpec> ports, long nicRateBps, MmuConfig config, Hpcc2019Config hpcc, EcnConfig ecn,
                         String error) {
        public Switch {
            ports = List.copyOf(ports);
        }

        /** A fresh MMU with these numbers, empty (one per switch per run, one per lint probe). */
        public Mmu newMmu() {
            return hpcc != null ? new Hpcc2019Mmu(hpcc) : new SharedBufferMmu(config);
        }
    }
}
