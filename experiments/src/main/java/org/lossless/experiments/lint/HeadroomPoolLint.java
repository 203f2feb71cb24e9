package org.lossless.experiments.lint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.net.WireFormat;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.switchmodel.mmu.MmuConfig;
import org.lossless.switchmodel.mmu.PgProfile;
import org.lossless.switchmodel.mmu.PoolConfig;
import org.lossless.experiments.lint.Finding.Place;
import org.lossless.experiments.lint.Finding.Value;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchMmus;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * Warns when a switch's buffer cannot hold what its ports' lossless priority groups may need at once: a shared
 * headroom pool ({@code switch.pools[].headroom_pool}, SONiC {@code BUFFER_POOL.xoff}) smaller than the sum of the
 * headrooms of the lossless groups that draw on it. Every group is still capped at its own headroom ({@code
 * switch.pfc.headroom}, auto or fixed), but they share the pool: when enough of them are paused at once, the pool
 * runs dry first and the next frame is a lossless drop. SONiC over-subscribes this pool on purpose
 * ({@code over_subscribe_ratio}), betting that few ports pause together; an incast or a fabric-wide pause makes
 * them do so. The run is not refused.
 *
 * <p>The need is read from the MMU configuration a run builds for the switch (the fabric's one assembly,
 * {@link SwitchMmus}: the same port specs and headroom: auto), so it is exactly what the MMU will allow each group. Without a shared headroom
 * pool every lossless group's headroom is reserved in the buffer (the budget check refuses a buffer that cannot
 * hold them all, naming the switch), so nothing is over-subscribed. Not checked: PFC off, the {@code hpcc2019}
 * profile (its headroom is per port, inside its single pool).
 *
 * <p>One line for the whole fabric: per pool, switches grouped by (need, shortfall) with their ports as ranges.
 */
public final class HeadroomPoolLint {
    /** The finding's code in warnings.json. */
    public static final String CODE = "headroom-pool-below-need";
    /** Switches listed per group before "and N more". */
    static final int MAX_SWITCHES = 6;

    private HeadroomPoolLint() {
    }

    /** The warning for a loaded scenario, or none (also none when its topology cannot be built). */
    public static List<Finding> of(Scenario s) {
        SwitchMmus mmus = s.mmusOrNull();
        return mmus == null ? List.of() : warnings(mmus);
    }

    /**
     * @param mtu           RDMA payload bytes per packet (the largest frame is the first packet of a message)
     * @param wire          {@code nic.wire}: the data frames' sizes
     * @param nicResponsePs {@code nic.pfc_response_time}, ps or auto (sizes headroom: auto as in a run)
     * @return at most one finding; key paths {@code switch.pools[i].headroom_pool} of the pools short; per switch
     *         and pool its ports with {@code headroom_pool}, {@code need} and {@code shortfall} (B, whole cells)
     */
    public static List<Finding> warnings(Topology t, SwitchSettings s, int mtu, WireFormat wire, long nicResponsePs) {
        return warnings(new SwitchMmus(t, s, nicResponsePs, wire.largestFrame(mtu)));
    }

    /** As {@link #warnings(Topology, SwitchSettings, int, WireFormat, long)}, from the fabric's MMU numbers. */
    static List<Finding> warnings(SwitchMmus mmus) {
        Topology t = mmus.topology();
        SwitchSettings s = mmus.settings();
        PfcSettings pfc = s.pfc() == null ? PfcSettings.UNSET : s.pfc();
        if (Boolean.FALSE.equals(pfc.enabled()) || "hpcc2019".equals(s.profile()) || s.pools() == null
                || s.pools().stream().noneMatch(p -> p.headroomPool() != null && p.headroomPool() > 0)) {
            return List.of();
        }
        // pool description -> "need N B (shortfall M B)" -> switch -> its ports' ranges, in topology order
        Map<String, Map<String, Map<String, String>>> found = new LinkedHashMap<>();
        int switches = 0;
        List<Place> places = new ArrayList<>();
        java.util.Set<String> keys = new java.util.LinkedHashSet<>();
        for (Node node : t.nodes()) {
            if (node.isHost()) {
                continue;
            }
            MmuConfig c;
            try {
                c = mmus.of(node.id()).config();
            } catch (IllegalArgumentException e) {
                continue; // the scenario check (or the run) reports a switch that cannot be built
            }
            boolean shortHere = false;
            for (PoolConfig pool : c.pools()) {
                if (!pool.ingress() || pool.headroomPoolBytes() <= 0) {
                    continue;
                }
                long need = 0;
                List<Integer> ports = new ArrayList<>();
                for (int port = 0; port < c.ports(); port++) {
                    long portNeed = 0;
                    for (int pg = 0; pg < c.pgsPerPort(); pg++) {
                        PgProfile p = c.pgProfile(port, pg);
                        if (p.lossless() && p.pool().equals(pool.name())) {
                            portNeed += cellsOf(p.headroomBytes(), c.cellBytes()) * c.cellBytes();
                        }
                    }
                    if (portNeed > 0) {
                        need += portNeed;
                        ports.add(port);
                    }
                }
                long hp = cellsOf(pool.headroomPoolBytes(), c.cellBytes()) * c.cellBytes();
                if (need > hp) {
                    shortHere = true;
                    String poolKey = "switch.pools " + pool.name() + ": headroom_pool " + pool.headroomPoolBytes() + " B";
                    found.computeIfAbsent(poolKey, k -> new LinkedHashMap<>())
                            .computeIfAbsent("need " + need + " B, shortfall " + (need - hp) + " B",
                                    k -> new LinkedHashMap<>())
                            .put(node.name(), HeadroomLint.ranges(ports));
                    keys.add(poolKey(s, pool.name()));
                    places.add(new Place(node.name(), ports, List.of(Value.bytes("headroom_pool", hp),
                            Value.bytes("need", need), Value.bytes("shortfall", need - hp))));
                }
            }
            switches += shortHere ? 1 : 0;
        }
        if (found.isEmpty()) {
            return List.of();
        }
        StringBuilder b = new StringBuilder();
        b.append("the shared headroom pool cannot hold what the lossless priority groups of its ports may need at once"
                + " (each up to its headroom, switch.pfc.headroom) on ").append(switches)
                .append(switches == 1 ? " switch: " : " switches: ");
        boolean firstPool = true;
        for (Map.Entry<String, Map<String, Map<String, String>>> pool : found.entrySet()) {
            b.append(firstPool ? "" : "; ").append(pool.getKey()).append(": ");
            firstPool = false;
            boolean firstGroup = true;
            for (Map.Entry<String, Map<String, String>> g : pool.getValue().entrySet()) {
                b.append(firstGroup ? "" : "; ");
                firstGroup = false;
                int listed = 0;
                for (Map.Entry<String, String> sw : g.getValue().entrySet()) {
                    if (listed == MAX_SWITCHES) {
                        b.append(" and ").append(g.getValue().size() - MAX_SWITCHES).append(" more switches");
                        break;
                    }
                    b.append(listed == 0 ? "" : ", ").append(sw.getKey()).append(':').append(sw.getValue());
                    listed++;
                }
                b.append(' ').append(g.getKey());
            }
        }
        b.append("; lossless drops are possible when these ports pause together: raise headroom_pool to the need");
        return List.of(new Finding(Severity.WARNING, CODE, b.toString(), List.copyOf(keys), places, List.of()));
    }

    /** {@code switch.pools[i].headroom_pool} of the pool named {@code name} ({@code switch.pools} when not listed). */
    private static String poolKey(SwitchSettings s, String name) {
        for (int i = 0; i < s.pools().size(); i++) {
            if (name.equals(s.pools().get(i).name())) {
                return "switch.pools[" + i + "].headroom_pool";
            }
        }
        return "switch.pools";
    }

    private static long cellsOf(long bytes, int cell) {
        return (bytes + cell - 1) / cell;
    }
}
