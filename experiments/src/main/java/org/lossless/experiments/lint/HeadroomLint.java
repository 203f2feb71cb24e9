package org.lossless.experiments.lint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.net.WireFormat;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.core.units.Units;
import org.lossless.experiments.lint.Finding.Place;
import org.lossless.experiments.lint.Finding.Unit;
import org.lossless.experiments.lint.Finding.Value;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.PortSpec;
import org.lossless.switchmodel.settings.SwitchMmus;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * Warns when a fixed {@code switch.pfc.headroom} is below what {@code headroom: auto} would compute for a
 * switch port (the one headroom function, {@link org.lossless.switchmodel.headroom.PortHeadroom}, through the
 * scenario's assembly {@link SwitchMmus}: the same port specs and remembered sizing that built the run's MMUs, peer
 * response times included): frames in
 * flight after an XOFF may overflow it, i.e. lossless drops.
 * The run is not refused: a small headroom is a legitimate experiment (reference A-2).
 *
 * <p>One line for the whole fabric, ports grouped by (rate, cable length, need) and listed per switch as
 * port ranges, e.g. {@code sw0:0-8}. Not checked: PFC off, headroom auto, the {@code hpcc2019} profile
 * (its headroom is 3 x BDP per port, not this key).
 */
public final class HeadroomLint {
    /** The finding's code in warnings.json. */
    public static final String CODE = "pfc-headroom-below-need";
    /** Switches listed per group before "and N more". */
    static final int MAX_SWITCHES = 6;

    private HeadroomLint() {
    }

    /**
     * The warning for a loaded scenario, or none (also none when its topology cannot be built): from the scenario's
     * one assembly ({@code Scenario.mmusOrNull()}), which sized the MMUs with the same computation.
     */
    public static List<Finding> of(Scenario s) {
        SwitchMmus m = s.mmusOrNull();
        return m == null ? List.of() : warnings(m);
    }

    /**
     * As {@link #warnings(Topology, SwitchSettings, int, WireFormat, long)} in the RoCEv2 wire format with the NICs'
     * default PFC response time.
     */
    public static List<Finding> warnings(Topology t, SwitchSettings s, int mtu) {
        return warnings(t, s, mtu, WireFormat.ROCEV2, org.lossless.nic.NicConfig.AUTO_PFC_RESPONSE);
    }

    /**
     * @param mtu           RDMA payload bytes per packet (the largest frame is the first packet of a message, with RETH)
     * @param wire          {@code nic.wire}: the data frames' sizes
     * @param nicResponsePs {@code nic.pfc_response_time}, ps or auto: the peer response of host-facing ports
     * @return at most one finding: {@code values} the configured headroom ({@code headroom}, B) and the ports short
     *         ({@code ports}); per switch and group its ports with {@code need} (B), {@code rate} (bps) and
     *         {@code cable} (mm, {@code switch.pfc.cable_length} when given)
     */
    public static List<Finding> warnings(Topology t, SwitchSettings s, int mtu, WireFormat wire,
                                        long nicResponsePs) {
        return warnings(new SwitchMmus(t, s, nicResponsePs, wire.largestFrame(mtu)));
    }

    /** The finding for a fabric's assembly {@code m}: its ports and its {@code headroom: auto} sizing. */
    static List<Finding> warnings(SwitchMmus m) {
        Topology t = m.topology();
        SwitchSettings s = m.settings();
        PfcSettings pfc = s.pfc();
        if (pfc == null || Boolean.FALSE.equals(pfc.enabled()) || pfc.headroomBytes() < 0 || "hpcc2019".equals(s.profile())) {
            return List.of();
        }
        long configured = pfc.headroomBytes();
        int cell = s.cellSize() == null ? 1 : s.cellSize();
        // (rate, metres, need) -> switch name -> port indexes, in topology order
        Map<String, Map<String, List<Integer>>> groups = new LinkedHashMap<>();
        Map<String, List<Value>> groupValues = new LinkedHashMap<>();
        int short_ = 0;
        for (Node node : t.nodes()) {
            if (node.isHost()) {
                continue;
            }
            List<PortSpec> specs = m.ports(node.id());
            for (Port p : t.ports(node.id())) {
                PortSpec spec = specs.get(p.index());
                long need = m.autoHeadroomBytes(spec);
                if (roundUp(configured, cell) >= need) {
                    continue;
                }
                short_++;
                double metres = pfc.cableLength() != null ? pfc.cableLength() : spec.meters();
                String key = "need " + need + " B (" + Units.formatRate(spec.rateBps()) + ", " + metres(metres) + ")";
                groupValues.computeIfAbsent(key, k -> List.of(Value.bytes("need", need),
                        new Value("rate", spec.rateBps(), Unit.BITS_PER_SECOND),
                        new Value("cable", Math.round(metres * 1000), Unit.MILLIMETRES)));
                groups.computeIfAbsent(key, k -> new LinkedHashMap<>())
                        .computeIfAbsent(node.name(), k -> new ArrayList<>()).add(p.index());
            }
        }
        if (short_ == 0) {
            return List.of();
        }
        List<Place> places = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        b.append("switch.pfc.headroom ").append(configured).append(" B is below the computed need (what headroom: auto "
                + "would give) on ").append(short_).append(short_ == 1 ? " switch port: " : " switch ports: ");
        boolean firstGroup = true;
        for (Map.Entry<String, Map<String, List<Integer>>> g : groups.entrySet()) {
            if (!firstGroup) {
                b.append("; ");
            }
            firstGroup = false;
            int listed = 0;
            for (Map.Entry<String, List<Integer>> sw : g.getValue().entrySet()) {
                places.add(new Place(sw.getKey(), sw.getValue(), groupValues.get(g.getKey())));
            }
            for (Map.Entry<String, List<Integer>> sw : g.getValue().entrySet()) {
                if (listed == MAX_SWITCHES) {
                    b.append(" and ").append(g.getValue().size() - MAX_SWITCHES).append(" more switches");
                    break;
                }
                b.append(listed == 0 ? "" : ", ").append(sw.getKey()).append(':').append(ranges(sw.getValue()));
                listed++;
            }
            b.append(' ').append(g.getKey());
        }
        b.append("; lossless drops are possible");
        return List.of(Finding.warning(CODE, b.toString(), "switch.pfc.headroom").with(places,
                List.of(Value.bytes("headroom", configured), new Value("ports", short_, Unit.COUNT))));
    }

    private static long roundUp(long bytes, int cell) {
        return (bytes + cell - 1) / cell * cell;
    }

    private static String metres(double m) {
        return Units.formatLength(Math.round(m * 1000));
    }

    /** Sorted port indexes as ranges: [0, 1, 2, 5] -> "0-2,5". */
    static String ranges(List<Integer> ports) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < ports.size()) {
            int j = i;
            while (j + 1 < ports.size() && ports.get(j + 1) == ports.get(j) + 1) {
                j++;
            }
            b.append(i == 0 ? "" : ",").append(ports.get(i));
            if (j > i) {
                b.append('-').append(ports.get(j));
            }
            i = j + 1;
        }
        return b.toString();
    }
}
