package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Link;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketReceiver;
import org.lossless.core.net.PortCounters;
import org.lossless.core.net.WireFormat;
import org.lossless.core.random.RandomStreams;
import org.lossless.experiments.metrics.LosslessDrop;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.UetCounters;
import org.lossless.nic.CcAlgorithms;
import org.lossless.nic.CcFactory;
import org.lossless.nic.FlowListener;
import org.lossless.nic.FlowTable;
import org.lossless.nic.HostNic;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.llr.LlrLink;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.pfc.PauseMode;
import org.lossless.switchmodel.pfc.PfcTiming;
import org.lossless.switchmodel.pfc.StormEpisode;
import org.lossless.switchmodel.settings.SwitchMmus;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Cable;
import org.lossless.topology.EcmpHash;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;

/**
 * The packet-level model of a fabric: one {@link HostNic} per host, one {@link SwitchNode} per
 * switch, and for every cable two {@link EgressPort}s and two {@link Link}s (one per direction).
 */
public final class PacketNetwork {
    private final Topology topology;
    private final HostNic[] nics;
    private final SwitchNode[] switches;
    /** [node id][port index] -> egress port. */
    private final EgressPort[][] egress;
    /** Whether the run uses the UET transport or trimming (its counters are reported). */
    private boolean uet;
    /** Every link direction's frame errors and link-level retry, in build order; empty without LLR. */
    private final List<LlrLink> llrLinks;

    private PacketNetwork(Topology topology, HostNic[] nics, SwitchNode[] switches, EgressPort[][] egress,
                          boolean uet, List<LlrLink> llrLinks) {
        this.topology = topology;
        this.nics = nics;
        this.switches = switches;
        this.egress = egress;
        this.uet = uet;
        this.llrLinks = llrLinks;
    }

    /**
     * Builds the model.
     *
     * @param seed scenario seed; each switch's ECMP hash seed is derived from it and the switch's node id
     */
    public static PacketNetwork build(Topology t, Routes routes, Scheduler sim, RandomStreams streams, PacketPool pool,
                                      FlowTable flows, NicConfig nicConfig, SwitchSettings switchSettings,
                                      FlowListener listener, long seed, boolean spray) {
        return build(t, routes, Placement.single(sim, pool, t.nodes().size()), streams, flows, nicConfig,
                new SwitchMmus(t, switchSettings, nicConfig.pfcResponsePs(), nicConfig.wire().largestFrame(
                        nicConfig.mtu())), listener, seed, spray);
    }

    /**
     * Where each node runs in a partitioned run: the scheduler of each partition, the partition of each node (by
     * node id), and each partition's own frame pool (a pool is used by one thread; a frame crossing a cut is released
     * into the receiver's pool).
     */
    record Placement(Scheduler[] partitions, int[] partOf, PacketPool[] pools) {
        /** Everything in one partition. */
        static Placement single(Scheduler sim, PacketPool pool, int nodes) {
            return new Placement(new Scheduler[] {sim}, new int[nodes], new PacketPool[] {pool});
        }

        /** The scheduler of source {@code id} in node {@code node}'s partition. */
        Scheduler source(int node, int id) {
            return partitions[partOf[node]].source(id);
        }

        PacketPool pool(int node) {
            return pools[partOf[node]];
        }

        boolean cut(int a, int b) {
            return partOf[a] != partOf[b];
        }
    }

    /** A listener that gives each NIC a listener of its own (a partitioned run records completions per partition). */
    interface PerHostListener extends FlowListener {
        /** The listener of host {@code host}'s NIC, which schedules through {@code nic}. */
        FlowListener forHost(int host, Scheduler nic);
    }

    /**
     * Builds the model over the partitions of {@code place} (see {@link Placement}); every switch's MMU, ECN, PFC
     * timing and classification come from {@code mmus} (the scenario's one assembly of them, of {@code t}).
     */
    static PacketNetwork build(Topology t, Routes routes, Placement place, RandomStreams streams,
                               FlowTable flows, NicConfig nicConfig, SwitchMmus mmus,
                               FlowListener listener, long seed, boolean spray) {
        int n = t.nodes().size();
        PfcTiming timing = mmus.timing();
        boolean untilXon = timing.mode() == PauseMode.XOFF_XON;
        EgressPort[][] egress = new EgressPort[n][];
        for (Node node : t.nodes()) {
            List<Port> ports = t.ports(node.id());
            egress[node.id()] = new EgressPort[ports.size()];
            for (Port p : ports) {
                long rate = p.cable().rateBps();
                egress[node.id()][p.index()] = new EgressPort(place.source(node.id(), nodeSource(node.id())), rate, untilXon,
                        mmus.responsePs(node.id(), rate));
            }
        }
        HostNic[] nics = new HostNic[t.hostCount()];
        BaseRtt bdpRtt = new BaseRtt(t, routes, nicConfig.mtu(), nicConfig.wire(), mmus.settings().latencyPs());
        // the built-in congestion controls; base_rtt: auto is the fabric's largest base RTT, asked once if needed
        CcFactory cc = CcAlgorithms.withFabricRtt(() -> FabricRtt.max(t, bdpRtt));
        SwitchNode[] switches = new SwitchNode[n];
        PacketReceiver[] receivers = new PacketReceiver[n];
        for (Node node : t.nodes()) {
            if (node.isHost()) {
                int h = t.hostNumber(node.id());
                Scheduler nicSim = place.source(node.id(), nodeSource(node.id()));
                nics[h] = nicConfig.newNic(h, node.name(), nicSim, place.pool(node.id()), flows,
                        listener instanceof PerHostListener per ? per.forHost(h, nicSim) : listener, cc);
                nics[h].attach(egress[node.id()][0]);
                nics[h].pathRtt(bdpRtt);
                Cable cable = t.ports(node.id()).get(0).cable(); // nic.rx_buffer, when this host has one
                nics[h].enableRxBuffer(cable.rateBps(), cable.delayPs(), timing.pauseQuanta(),
                        timing.refreshPs(cable.rateBps()));
                receivers[node.id()] = nics[h];
            } else {
                Scheduler own = place.source(node.id(), nodeSource(node.id()));
                switches[node.id()] = buildSwitch(t, node, routes, own, streams, place.pool(node.id()), mmus,
                        egress[node.id()], nicConfig.wire(), seed);
                switches[node.id()].sprayPerPacket(spray);
                receivers[node.id()] = switches[node.id()];
            }
        }
        int links = 0;
        List<LlrLink> llrLinks = new ArrayList<>();
        Link[][] linkList = new Link[n][];
        for (Node node : t.nodes()) {
            linkList[node.id()] = new Link[t.ports(node.id()).size()];
        }
        for (Node node : t.nodes()) {
            for (Port p : t.ports(node.id())) {
                // each direction of a cable is an event source of its own (its link-level retry too)
                // (in the receiver's partition: its arrival event runs there)
                Scheduler wire = place.source(p.peer(), n + 1 + links++);
                PacketPool pool = place.pool(p.peer());
                PacketReceiver to = receivers[p.peer()];
                // frame errors on this direction of the cable, and link-level retry against them (switch.llr)
                EgressPort tx = egress[node.id()][p.index()];
                LlrLink llr = mmus.newLlrLink(node.id(), p, wire, to, streams, lostFrame -> {
                    if (lostFrame.type != org.lossless.core.net.PacketType.PFC
                            && lostFrame.type != org.lossless.core.net.PacketType.LINK_CREDIT) {
                        tx.counters().countDrop(lostFrame.priority, lostFrame.frameBytes);
                    }
                    pool.release(lostFrame);
                });
                if (llr != null) {
                    to = llr;
                    llrLinks.add(llr);
                }
                Link link = new Link(wire, p.cable().delayPs(), to, p.peerPort());
                if (place.cut(node.id(), p.peer())) {
                    link.cut(place.source(node.id(), nodeSource(node.id())));
                }
                links(node.id(), p.index(), link, linkList);
                EgressPort e = egress[node.id()][p.index()];
                e.connect(link, node.isHost() ? nics[t.hostNumber(node.id())] : switches[node.id()].queues(p.index()));
            }
        }
        mmus.installCbfc(egress, switches, place::pool); // switch.cbfc, when a class runs it
        PacketNetwork net = new PacketNetwork(t, nics, switches, egress, nicConfig.uetTransport() || mmus.trims(),
                List.copyOf(llrLinks));
        net.links = linkList;
        return net;
    }

    private static void links(int node, int port, Link link, Link[][] all) {
        all[node][port] = link;
    }

    /** [node id][port index] -> the link leaving on that port. */
    private Link[][] links;

    /** The link leaving node {@code nodeId} on {@code port}. */
    Link link(int nodeId, int port) {
        return links[nodeId][port];
    }

    /**
     * The event source of node {@code nodeId} ({@link Scheduler#source}): its id + 1 (0 is the run's global events:
     * traffic programs, telemetry, failures). Each directed link is a source of its own after the nodes. Ties at one
     * instant break by source, then by the order a source first scheduled its events: nothing depends on how the
     * fabric is cut into partitions.
     */
    static int nodeSource(int nodeId) {
        return nodeId + 1;
    }

    /** Switch {@code node}, built with every part by the switches' assembly ({@link SwitchMmus#newSwitch}). */
    private static SwitchNode buildSwitch(Topology t, Node node, Routes routes, Scheduler sim, RandomStreams streams,
                                          PacketPool pool, SwitchMmus mmus, EgressPort[] ports, WireFormat wire,
                                          long seed) {
        try {
            mmus.of(node.id());
        } catch (IllegalArgumentException e) {
            // settings that cannot fit this switch's ports are the user's to fix (the load-time check skips huge switches)
            throw new org.lossless.workloads.yaml.ScenarioException(null, "switch", "switch " + node.name() + " ("
                    + t.ports(node.id()).size() + " ports) cannot be built: " + e.getMessage());
        }
        return mmus.newSwitch(node.id(), routes, EcmpHash.forSwitch(seed, node.id()), ports, sim, pool, streams, wire);
    }

    public Topology topology() {
        return topology;
    }

    public HostNic nic(int host) {
        return nics[host];
    }

    /** The switch model at {@code nodeId}, or null for a host. */
    public SwitchNode switchAt(int nodeId) {
        return switches[nodeId];
    }

    public EgressPort egress(int nodeId, int port) {
        return egress[nodeId][port];
    }

    /**
     * One row per (node, port, priority) that carried traffic, in node, port, priority order. Call once,
     * at the end of the run: it closes the paused-time accounting.
     */
    public List<PortResult> portResults() {
        List<PortResult> rows = new ArrayList<>();
        for (Node node : topology.nodes()) {
            for (Port p : topology.ports(node.id())) {
                EgressPort e = egress[node.id()][p.index()];
                e.closeAccounting();
                PortCounters c = e.counters();
                for (int prio = 0; prio < PortCounters.PRIORITIES; prio++) {
                    if (c.active(prio)) {
                        rows.add(new PortResult(node.name(), p.index(), topology.node(p.peer()).name(), prio,
                                e.rateBps(), c.txBytes(prio), c.txPackets(prio), c.drops(prio), c.ecnMarked(prio),
                                c.pauseTx(prio), c.pauseRx(prio), c.pausedPs(prio), c.maxQueueBytes(prio)));
                    }
                }
            }
        }
        return Collections.unmodifiableList(rows);
    }

    /**
     * Every switch ingress (port, priority group) whose headroom overflowed, and every NIC receive buffer that was
     * full, with their drops, in node, port, group order; empty when no lossless frame was dropped (the normal case:
     * PFC headroom holds).
     */
    public List<LosslessDrop> losslessDrops() {
        List<LosslessDrop> rows = new ArrayList<>();
        for (Node node : topology.nodes()) {
            if (node.isHost()) {
                HostNic nic = nics[topology.hostNumber(node.id())];
                for (int prio = 0; nic.rxDrops() > 0 && prio < PortCounters.PRIORITIES; prio++) {
                    if (nic.rxDrops(prio) > 0) {
                        Port p = topology.ports(node.id()).get(0);
                        rows.add(new LosslessDrop(LosslessDrop.NIC, node.name(), p.index(), topology.node(p.peer()).name(),
                                prio, nic.rxDrops(prio), nic.rxDropBytes(prio), 0, nic.rxBufferBytes(),
                                nic.rxPeakBytes(prio)));
                    }
                }
                continue;
            }
            SwitchNode sw = switches[node.id()];
            if (sw == null || sw.mmu().drops(Mmu.DROP_HEADROOM) == 0) {
                continue;
            }
            Mmu mmu = sw.mmu();
            for (Port p : topology.ports(node.id())) {
                for (int pg = 0; pg < PortCounters.PRIORITIES; pg++) {
                    long n = mmu.headroomDrops(p.index(), pg);
                    if (n > 0) {
                        rows.add(new LosslessDrop(LosslessDrop.SWITCH, node.name(), p.index(),
                                topology.node(p.peer()).name(), pg, n,
                                mmu.headroomDropBytes(p.index(), pg), mmu.headroomPoolDrops(p.index(), pg),
                                mmu.headroomLimitBytes(p.index(), pg),
                                mmu.peakHeadroomBytes(p.index(), pg)));
                    }
                }
            }
        }
        return Collections.unmodifiableList(rows);
    }

    /** Takes both directions of {@code c} down (frames on it and queued for it are dropped and counted). */
    public void failCable(Cable c) {
        failEnd(c.a(), c.aPort());
        failEnd(c.b(), c.bPort());
    }

    private void failEnd(int node, int port) {
        egress[node][port].fail();
        if (switches[node] != null) {
            switches[node].portFailed(port);
        }
    }

    /** Brings both directions of {@code c} back up. */
    public void restoreCable(Cable c) {
        egress[c.a()][c.aPort()].restore();
        egress[c.b()][c.bPort()].restore();
    }

    /** Gives every switch new routing tables. */
    public void setRoutes(Routes routes) {
        for (SwitchNode sw : switches) {
            if (sw != null) {
                sw.setRoutes(routes);
            }
        }
    }

    /**
     * Every PFC watchdog storm episode of the run, ordered by start time, then switch node id, port and
     * priority (deterministic); empty without a watchdog.
     */
    public List<StormEpisode> stormEpisodes() {
        List<StormEpisode> all = new ArrayList<>();
        for (SwitchNode sw : switches) {
            if (sw != null) {
                all.addAll(sw.stormEpisodes());
            }
        }
        // switches[] is indexed by node id and each watchdog lists its episodes by detection time, port-major
        // and priority-ascending within a poll: a stable sort by start time keeps (node, port, priority) ties
        all.sort(java.util.Comparator.comparingLong(StormEpisode::startPs));
        return all;
    }

    /** CNPs sent by all NICs. */
    public long cnpsSent() {
        long n = 0;
        for (HostNic nic : nics) {
            n += nic.cnpsSent();
        }
        return n;
    }

    /** Some QPs run UET although {@code nic.transport} is rocev2 (a workload's {@code transport}). */
    void usesUet() {
        uet = true;
    }

    /** Trims, trim NACKs, RCCC credits and link-level retries summed over the fabric (summary.json uet, llr). */
    public UetCounters uetCounters() {
        long lastHop = 0;
        long inNetwork = 0;
        for (SwitchNode sw : switches) {
            if (sw != null) {
                lastHop += sw.trims(true);
                inNetwork += sw.trims(false);
            }
        }
        long nacks = 0;
        long grants = 0;
        long stalls = 0;
        for (HostNic nic : nics) {
            nacks += nic.trimNacksSent();
            grants += nic.creditGrantsSent();
            stalls += nic.creditStalls();
        }
        long corrupted = 0;
        long replayed = 0;
        long maxRecovery = 0;
        for (LlrLink l : llrLinks) {
            corrupted += l.corrupted();
            replayed += l.replayed();
            maxRecovery = Math.max(maxRecovery, l.maxRecoveryPs());
        }
        return new UetCounters(uet || lastHop + inNetwork > 0, lastHop, inNetwork, nacks, grants, stalls,
                !llrLinks.isEmpty(), corrupted, replayed, maxRecovery, CbfcTotals.counters(topology, egress, switches));
    }

    /** Network-wide sums of the port counters: what summary.json reports. */
    public record Totals(long dropPackets, long dropBytes, long pauseFrames, long pausedPs, long ecnMarked) {
    }

    /** Sums every port's counters (call after {@link #portResults()} so paused time is closed). */
    public Totals totals() {
        long drops = 0;
        long dropBytes = 0;
        long pauses = 0;
        long paused = 0;
        long marked = 0;
        for (EgressPort[] node : egress) {
            for (EgressPort e : node) {
                PortCounters c = e.counters();
                for (int prio = 0; prio < PortCounters.PRIORITIES; prio++) {
                    drops += c.drops(prio);
                    dropBytes += c.dropBytes(prio);
                    pauses += c.pauseTx(prio);
                    paused += c.pausedPs(prio);
                    marked += c.ecnMarked(prio);
                }
            }
        }
        return new Totals(drops, dropBytes, pauses, paused, marked);
    }
}
