package org.lossless.switchmodel.settings;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketReceiver;
import org.lossless.core.net.WireFormat;
import org.lossless.core.random.RandomStreams;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.ecn.EcnConfig;
import org.lossless.switchmodel.llr.LlrLink;
import org.lossless.switchmodel.mmu.Hpcc2019Config;
import org.lossless.switchmodel.mmu.Hpcc2019Mmu;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.mmu.MmuConfig;
import org.lossless.switchmodel.mmu.SharedBufferMmu;
import org.lossless.switchmodel.pfc.PfcTiming;
import org.lossless.switchmodel.pfc.WatchdogConfig;
import org.lossless.switchmodel.qos.QosMap;
import org.lossless.topology.EcmpHash;
import org.lossless.topology.Port;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;

/**
 * The buffer manager's numbers of every switch of one fabric, assembled once: for each switch its ports as the MMU
 * sees them ({@link SwitchPorts}), its MMU configuration (pools, thresholds, headroom; {@link MmuFactory#config} or,
 * with the hpcc2019 profile, {@link MmuFactory#hpccConfig}) and its ECN configuration, plus the fabric-wide PFC
 * timing and classification. The load-time switch check, the lints and the engine all read this one assembly, so
 * a switch's thresholds are computed once per distinct port layout (a leaf-spine has two, a fat-tree three), not
 * once per switch and user. It is also the factory of a run's switch parts, so that the engine asks for them rather
 * than opening the settings: the built switch with its scheduler, forwarding, trimming and watchdog
 * ({@link #newSwitch}), each link direction's frame errors and retry ({@link #newLlrLink}), credit-based flow control
 * on the built fabric ({@link #installCbfc}) and each port's PFC response time ({@link #responsePs}).
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
    private WatchdogConfig watchdog;
    private boolean watchdogKnown;

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

    /**
     * Switch {@code node} as a run builds it: a {@link SwitchNode} on a fresh MMU ({@link Switch#newMmu()}) with its
     * ECN configuration, the fabric's PFC timing and classification ({@link #timing()}, {@link #qos()}), and the rest
     * of the {@code switch} section made into its parts here: the egress scheduler ({@code scheduling};
     * {@code quantum: auto} = the largest frame, {@link #maxFrameBytes()}, on {@code wire}), the forwarding latency and
     * cut-through, trimming ({@code trimming}: its priorities and header, host-facing ports from the graph) and the PFC
     * watchdog ({@code pfc.watchdog}, on {@code sim}). Its RED draws come from the stream {@code ecn/NAME}.
     *
     * @param ports egress ports by port index (the caller connects them, with {@link SwitchNode#queues} as source)
     * @throws IllegalArgumentException when the settings cannot fit this switch's ports (as {@link #of})
     */
    public SwitchNode newSwitch(int node, Routes routes, EcmpHash ecmp, EgressPort[] ports, Scheduler sim,
                                PacketPool pool, RandomStreams streams, WireFormat wire) {
        Switch numbers = of(node);
        String name = topology.node(node).name();
        SwitchNode sw = new SwitchNode(node, name, routes, ecmp, ports, sim, pool, numbers.newMmu(), timing(),
                numbers.ecn(), streams.stream("ecn/" + name));
        sw.scheduling(SchedulingSettings.plan(settings.scheduling(), wire.wire(maxFrameBytes)));
        sw.wire(wire);
        sw.forwarding(settings.latencyPs(), settings.cutsThrough());
        sw.classification(qos());
        if (settings.trimMask() != 0) {
            List<Port> ps = topology.ports(node);
            boolean[] hostFacing = new boolean[ps.size()];
            for (Port p : ps) {
                hostFacing[p.index()] = topology.node(p.peer()).isHost();
            }
            sw.trimming(settings.trimMask(), (int) settings.trimming().headerBytes(), hostFacing);
        }
        WatchdogConfig w = watchdog();
        if (w != null) {
            sw.enableWatchdog(sim, w);
        }
        return sw;
    }

    /** Whether a switch trims ({@code switch.trimming} with priorities). */
    public boolean trims() {
        return settings.trimMask() != 0;
    }

    /**
     * Frame errors and link-level retry ({@code switch.llr}) on the direction of {@code node}'s cable at {@code port}
     * towards its peer: the receiving end that stands between that direction's link and {@code to}, drawing from the
     * stream {@code llr/NAME/PORT}; null when the fabric has neither errors nor retry.
     *
     * @param sim  the direction's event source
     * @param lost takes a frame lost to an error (counts and recycles it)
     */
    public LlrLink newLlrLink(int node, Port port, Scheduler sim, PacketReceiver to, RandomStreams streams,
                              Consumer<Packet> lost) {
        LlrSettings llr = settings.llr();
        if (llr == null || !(llr.enabled() || llr.frameErrorRate() > 0)) {
            return null;
        }
        return new LlrLink(sim, to, port.cable().delayPs(), port.cable().rateBps(), llr.frameErrorRate(),
                llr.enabled(), streams.stream("llr/" + topology.node(node).name() + "/" + port.index()), lost);
    }

    /**
     * Credit-based flow control ({@code switch.cbfc}) on every port of the built fabric, when a class runs it: the
     * ports' credits, each switch's grants and reserve ({@link CbfcWiring}); nothing otherwise.
     *
     * @param egress   every node's egress ports, [node id][port index]
     * @param switches the built switches by node id (null for hosts)
     * @param poolOf   the frame pool of a node (by node id): credit updates come from the sending port's own pool
     */
    public void installCbfc(EgressPort[][] egress, SwitchNode[] switches, IntFunction<PacketPool> poolOf) {
        CbfcWiring.install(topology, egress, switches, poolOf, settings, maxFrameBytes);
    }

    /** The PFC response time of the transmitter at {@code node} on a port of {@code rateBps}, ps ({@link SwitchPorts}). */
    public long responsePs(int node, long rateBps) {
        return SwitchPorts.responsePs(topology, node, rateBps, settings, nicResponsePs);
    }

    /** The PFC watchdog of every switch ({@link WatchdogSettings#of}), or null without one. */
    private synchronized WatchdogConfig watchdog() {
        if (!watchdogKnown) {
            watchdog = WatchdogSettings.of(settings);
            watchdogKnown = true;
        }
        return watchdog;
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
