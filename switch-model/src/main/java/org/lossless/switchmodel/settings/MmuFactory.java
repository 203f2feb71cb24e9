package org.lossless.switchmodel.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.lossless.switchmodel.ecn.EcnConfig;
import org.lossless.switchmodel.headroom.HeadroomResult;
import org.lossless.switchmodel.headroom.PortHeadroom;
import org.lossless.switchmodel.mmu.Hpcc2019Config;
import org.lossless.switchmodel.mmu.Hpcc2019Mmu;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.mmu.MmuConfig;
import org.lossless.switchmodel.mmu.PgProfile;
import org.lossless.switchmodel.mmu.PoolConfig;
import org.lossless.switchmodel.mmu.QueueProfile;
import org.lossless.switchmodel.mmu.SharedBufferMmu;
import org.lossless.switchmodel.mmu.Threshold;
import org.lossless.switchmodel.mmu.XonMode;
import org.lossless.switchmodel.pfc.PauseMode;
import org.lossless.switchmodel.pfc.PfcQuanta;
import org.lossless.switchmodel.pfc.PfcTiming;
import org.lossless.switchmodel.qos.QosMap;

/**
 * {@link SwitchSettings} + the switch's ports → an {@link Mmu}, its {@link PfcTiming} and {@link EcnConfig}.
 * Defaults for unset keys are listed in {@code docs/switch.md} (constants below).
 */
public final class MmuFactory {
    /** {@code switch.buffer_size} default (docs/scenario.md): 32 MB. The hpcc2019 profile defaults to 32 MiB. */
    public static final long DEFAULT_BUFFER = 32_000_000L;
    public static final long HPCC_DEFAULT_BUFFER = 32L << 20;
    /** {@code switch.pfc} defaults, from {@link PfcSchema}. */
    @SuppressWarnings("unchecked")
    public static final List<Integer> DEFAULT_PRIORITIES = List.copyOf((List<Integer>) PfcSchema.dflt("priorities"));
    public static final long DEFAULT_XON_OFFSET = (Long) PfcSchema.dflt("xon_offset");

    private MmuFactory() {
    }

    /**
     * The MMU for one switch.
     *
     * @param maxFrameBytes largest lossless frame (headroom auto uses it as both MTUs)
     * @param nicRateBps    host NIC rate (hpcc2019 threshold shift)
     */
    public static Mmu create(SwitchSettings s, List<PortSpec> ports, int maxFrameBytes, long nicRateBps) {
        if ("hpcc2019".equals(s.profile())) {
            return new Hpcc2019Mmu(hpccConfig(s, ports, nicRateBps));
        }
        return new SharedBufferMmu(config(s, ports, maxFrameBytes));
    }

    /**
     * The hpcc2019 MMU parameters: buffer (default 32 MiB, as HPCC's BUFFER_SIZE 32), 3×BDP headroom, shift from
     * port/NIC rate; priorities outside {@code switch.pfc.priorities} (and 0) are HPCC's control queue: never
     * charged or paused. ({@code switch.pfc.enabled} is not used: HPCC always pauses its data queues.)
     */
    public static Hpcc2019Config hpccConfig(SwitchSettings s, List<PortSpec> ports, long nicRateBps) {
        long[] rates = new long[ports.size()];
        long[] delays = new long[ports.size()];
        for (int i = 0; i < rates.length; i++) {
            rates[i] = ports.get(i).rateBps();
            delays[i] = ports.get(i).delayPs();
        }
        QosMap qos = qosMap(s);
        int lossless = 0;
        for (int p = 0; p < QosMap.CLASSES; p++) {
            if (qos.pfcEnabled(p)) {
                lossless |= 1 << qos.pgOfTc(p);
            }
        }
        return Hpcc2019Config.forPorts(s.bufferSize() == null ? HPCC_DEFAULT_BUFFER : s.bufferSize(), rates, delays,
                nicRateBps).withControl(~lossless & 0xFF);
    }

    /** The shared-buffer MMU configuration (profile {@code default}). */
    public static MmuConfig config(SwitchSettings s, List<PortSpec> ports, int maxFrameBytes) {
        return config(s, ports, maxFrameBytes, new AutoHeadroom());
    }

    /**
     * As {@link #config(SwitchSettings, List, int)}, sizing {@code headroom: auto} with {@code auto}'s remembered
     * answers (the assembly's one memo, {@link SwitchMmus}, which the headroom lint reads too).
     */
    public static MmuConfig config(SwitchSettings s, List<PortSpec> ports, int maxFrameBytes, AutoHeadroom auto) {
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("a switch needs >= 1 port");
        }
        int cell = s.cellSize() == null ? 1 : s.cellSize();
        PfcSettings pfc = s.pfc() == null ? new PfcSettings(null, null, null, null, null, null, null, null, null, null,
                null, null, null, null) : s.pfc();
        boolean pfcOn = !Boolean.FALSE.equals(pfc.enabled());
        List<Integer> prios = pfc.priorities() == null ? DEFAULT_PRIORITIES : pfc.priorities();
        QosMap qos = qosMap(s);
        TreeSet<Integer> losslessPgs = new TreeSet<>();
        TreeSet<Integer> losslessQueues = new TreeSet<>();
        if (pfcOn) {
            for (int p : prios) {
                losslessPgs.add(qos.pgOfTc(p));
                losslessQueues.add(qos.queueOfTc(p));
            }
        }
        boolean explicitPools = s.pools() != null && !s.pools().isEmpty();
        String inPool = explicitPools ? null : "ingress_pool";
        String outPool = explicitPools ? null : "egress_pool";
        Threshold llTh = pfc.staticTh() != null ? Threshold.fixed(pfc.staticTh())
                : Threshold.dynamic(pfc.dynamicTh() == null ? (Integer) PfcSchema.DYNAMIC_TH.dflt() : pfc.dynamicTh());
        XonMode xonMode = pfc.xon() != null ? XonMode.ABSOLUTE : XonMode.OFFSET;
        long xonBytes = pfc.xon() != null ? pfc.xon() : pfc.xonOffset() != null ? pfc.xonOffset() : DEFAULT_XON_OFFSET;
        long reserved = pfc.reserved() == null ? 0 : pfc.reserved();
        String llPool = pool(pfc.pool(), s, true, inPool, "switch.pfc.pool");
        BufferProfileSettings lp = s.lossyPg();
        PgProfile lossyPg = PgProfile.lossy("lossy_pg", pool(lp == null ? null : lp.pool(), s, true, inPool,
                "switch.lossy_pg.pool"), lp == null || lp.reserved() == null ? 0 : lp.reserved(), threshold(lp));
        BufferProfileSettings lq = s.losslessQueue();
        BufferProfileSettings yq = s.lossyQueue();
        QueueProfile lossyQ = new QueueProfile("lossy_queue", pool(yq == null ? null : yq.pool(), s, false, outPool,
                "switch.queues.lossy.pool"), yq == null || yq.reserved() == null ? 0 : yq.reserved(), threshold(yq), false);
        QueueProfile losslessQ = new QueueProfile("lossless_queue", pool(lq == null ? null : lq.pool(), s, false, outPool,
                "switch.queues.lossless.pool"), lq == null || lq.reserved() == null ? 0 : lq.reserved(),
                lq == null || lq.staticTh() == null && lq.dynamicTh() == null ? Threshold.fixed(0) : threshold(lq), true);

        int n = ports.size();
        List<PgProfile> pgs = new ArrayList<>();
        List<QueueProfile> queues = new ArrayList<>();
        long ingressNeed = 0;
        long egressNeed = 0;
        Map<Long, PgProfile> byHeadroom = new TreeMap<>();
        for (PortSpec port : ports) {
            long headroom = pfc.headroomBytes() >= 0 ? pfc.headroomBytes() : auto.bytes(port, pfc, maxFrameBytes, cell);
            PgProfile ll = byHeadroom.computeIfAbsent(headroom, h -> new PgProfile("lossless_pg", llPool, reserved, llTh,
                    true, h, xonMode, xonBytes));
            for (int pg = 0; pg < 8; pg++) {
                PgProfile p = losslessPgs.contains(pg) ? ll : lossyPg;
                pgs.add(p);
                ingressNeed += cells(p.reservedBytes(), cell) + (p.lossless() && !hasShp(s, p.pool())
                        ? cells(p.headroomBytes(), cell) : 0);
            }
            for (int q = 0; q < 8; q++) {
                QueueProfile qp = losslessQueues.contains(q) ? losslessQ : lossyQ;
                queues.add(qp);
                egressNeed += cells(qp.reservedBytes(), cell);
            }
        }
        List<PoolConfig> pools = new ArrayList<>();
        long buffer;
        if (explicitPools) {
            long in = 0;
            long out = 0;
            for (PoolSettings p : s.pools()) {
                boolean ingress = p.type().equals("ingress");
                long hp = p.headroomPool() == null ? 0 : p.headroomPool();
                pools.add(new PoolConfig(p.name(), ingress, p.size(), hp));
                if (ingress) {
                    in += cells(p.size(), cell) + cells(hp, cell);
                } else {
                    out += cells(p.size(), cell);
                }
            }
            buffer = s.bufferSize() != null ? s.bufferSize() : Math.max(in + ingressNeed, out + egressNeed) * cell;
        } else {
            buffer = s.bufferSize() == null ? DEFAULT_BUFFER : s.bufferSize();
            long bufCells = buffer / cell;
            if (ingressNeed > bufCells || egressNeed > bufCells) {
                long need = Math.max(ingressNeed, egressNeed) * cell;
                throw new IllegalArgumentException("switch.buffer_size " + buffer + " B cannot hold the reserved and "
                        + "headroom buffers of " + n + " ports (" + need + " B, shortfall " + (need - bufCells * cell)
                        + " B): raise buffer_size, or share headroom (switch.pools with a headroom_pool)");
            }
            pools.add(PoolConfig.ingress(inPool, (bufCells - ingressNeed) * cell));
            pools.add(PoolConfig.egress(outPool, (bufCells - egressNeed) * cell));
        }
        return new MmuConfig(buffer, cell, n, 8, 8, pools, pgs, queues);
    }

    /**
     * The switch's classification ({@code switch.qos_map}, {@code switch.pfc.priorities}): unset dscp_to_tc = DSCP
     * d to TC d &gt;&gt; 3, unset tc_to_pg / tc_to_queue = identity; a given map sends the keys it leaves out to 0
     * (as SAI does). PFC priorities: {@code switch.pfc.priorities} (default [3]) when PFC is on (always with
     * hpcc2019, which pauses regardless of {@code enabled}), none when it is off.
     */
    public static QosMap qosMap(SwitchSettings s) {
        QosMapSettings q = s.qosMap();
        PfcSettings pfc = s.pfc() == null ? PfcSettings.UNSET : s.pfc();
        int mask = 0;
        if ("hpcc2019".equals(s.profile()) || !Boolean.FALSE.equals(pfc.enabled())) {
            for (int p : pfc.priorities() == null ? DEFAULT_PRIORITIES : pfc.priorities()) {
                mask |= 1 << p;
            }
        }
        return new QosMap(q == null ? null : table(q.dscpToTc(), 64), q == null ? null : table(q.tcToPg(), 8),
                q == null ? null : table(q.tcToQueue(), 8), mask);
    }

    /** A map as a table of {@code size} entries (absent keys 0), or null for an unset map. */
    private static int[] table(Map<Integer, Integer> m, int size) {
        if (m == null) {
            return null;
        }
        int[] t = new int[size];
        m.forEach((k, v) -> t[k] = v);
        return t;
    }

    /**
     * Headroom auto for one port: {@link PortHeadroom} (the SONiC model at the port's speed and cable, both MTUs
     * = the largest frame, cell occupancy from the cell size, the peer's PFC response time from the port spec);
     * the bytes of {@link #autoHeadroomResult}. To size many ports, remember the answers in an {@link AutoHeadroom}.
     */
    public static long autoHeadroom(PortSpec port, PfcSettings pfc, int maxFrameBytes, int cell) {
        return autoHeadroomResult(port, pfc, maxFrameBytes, cell).xoffBytes();
    }

    /** {@link #autoHeadroom} with every component. */
    public static HeadroomResult autoHeadroomResult(PortSpec port, PfcSettings pfc, int maxFrameBytes, int cell) {
        double meters = pfc.cableLength() != null ? pfc.cableLength() : port.meters();
        return PortHeadroom.compute(port.rateBps(), meters, maxFrameBytes, cell, port.peerResponseOrBudgetPs());
    }

    /** PFC pause model: {@code switch.pfc.mode/pause_quanta/refresh}; hpcc2019 defaults to XOFF/XON. */
    public static PfcTiming pfcTiming(SwitchSettings s) {
        PfcSettings p = s.pfc();
        String mode = p == null ? null : p.mode();
        PauseMode m = mode == null ? ("hpcc2019".equals(s.profile()) ? PauseMode.XOFF_XON : PauseMode.TIMED)
                : mode.equals("xoff_xon") ? PauseMode.XOFF_XON : PauseMode.TIMED;
        int q = p == null || p.pauseQuanta() == null ? PfcQuanta.MAX_QUANTA : p.pauseQuanta();
        double r = p == null || p.refresh() == null ? PfcTiming.DEFAULT_REFRESH_FRACTION : p.refresh();
        return new PfcTiming(m, q, r);
    }

    /** ECN of a switch with {@code ports}: {@link EcnSettings#marking} of {@code switch.ecn} (unset: every default). */
    public static EcnConfig ecnConfig(SwitchSettings s, List<PortSpec> ports) {
        return (s.ecn() == null ? EcnSettings.UNSET : s.ecn()).marking(s.hpcc2019(), ports);
    }

    private static Threshold threshold(BufferProfileSettings b) {
        if (b != null && b.staticTh() != null) {
            return Threshold.fixed(b.staticTh());
        }
        return Threshold.dynamic(b == null || b.dynamicTh() == null ? BufferSchema.LOSSY_DYNAMIC_TH : b.dynamicTh());
    }

    private static String pool(String named, SwitchSettings s, boolean ingress, String dflt, String key) {
        if (s.pools() == null || s.pools().isEmpty()) {
            if (named != null) {
                throw new IllegalArgumentException(key + " = " + named + " but switch.pools is not set");
            }
            return dflt;
        }
        String type = ingress ? "ingress" : "egress";
        for (PoolSettings p : s.pools()) {
            if (named == null ? p.type().equals(type) : p.name().equals(named)) {
                return p.name();
            }
        }
        throw new IllegalArgumentException(named == null ? "switch.pools has no " + type + " pool"
                : key + ": no pool named '" + named + "' in switch.pools");
    }

    private static boolean hasShp(SwitchSettings s, String pool) {
        if (s.pools() == null) {
            return false;
        }
        for (PoolSettings p : s.pools()) {
            if (p.name().equals(pool)) {
                return p.headroomPool() != null && p.headroomPool() > 0;
            }
        }
        return false;
    }

    private static long cells(long bytes, long cell) {
        return (bytes + cell - 1) / cell;
    }
}
