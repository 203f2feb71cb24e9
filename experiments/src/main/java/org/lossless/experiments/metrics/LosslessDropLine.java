package org.lossless.experiments.metrics;

import java.util.List;
import java.util.Locale;

/**
 * The console's word on lossless drops: one warning line for a run whose switches dropped frames of a PFC priority
 * group for lack of headroom, naming the ingress ports (where the headroom overflowed, and the peer that kept
 * sending), none for a run without. {@code lossless run} prints it on stderr after the run, with the other warnings.
 */
public final class LosslessDropLine {
    /** Ingress ports named on the line at most; the rest are counted. */
    static final int LISTED = 5;

    private LosslessDropLine() {
    }

    /**
     * "8 lossless drops (33,264 B): frames of a PFC priority group dropped because its headroom was full, at 7 switch
     * ingress ports: core34:11 from agg76 (priority group 3: 1 frame, headroom 60,416 B, peak 58,212 B), ... and 2
     * more; ..." or nothing.
     */
    public static List<String> of(RunResult r) {
        List<LosslessDrop> drops = r.losslessDrops();
        if (drops.isEmpty()) {
            return List.of();
        }
        StringBuilder b = new StringBuilder();
        long packets = r.losslessDropPackets();
        long nics = drops.stream().filter(d -> d.kind().equals(LosslessDrop.NIC)).count();
        long ports = drops.size() - nics;
        String where = (ports == 0 ? "" : ports + " switch ingress port" + (ports == 1 ? "" : "s"))
                + (ports > 0 && nics > 0 ? " and " : "") + (nics == 0 ? "" : nics + " NIC receive buffer" + (nics == 1 ? "" : "s"));
        b.append(String.format(Locale.ROOT, "%,d lossless drop%s (%,d B): frames of a PFC priority group dropped because "
                + "its headroom was full, at %s: ", packets, packets == 1 ? "" : "s", r.losslessDropBytes(), where));
        for (int i = 0; i < Math.min(LISTED, drops.size()); i++) {
            LosslessDrop d = drops.get(i);
            if (d.kind().equals(LosslessDrop.NIC)) {
                b.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT,
                        "%s's receive buffer (priority %d: %,d frame%s, size %,d B, peak %,d B)", d.node(),
                        d.priorityGroup(), d.packets(), d.packets() == 1 ? "" : "s", d.headroomBytes(), d.peakBytes()));
                continue;
            }
            b.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT,
                    "%s from %s (priority group %d: %,d frame%s%s, headroom %,d B, peak %,d B)", d.where(), d.peer(),
                    d.priorityGroup(), d.packets(), d.packets() == 1 ? "" : "s", d.poolDryPackets() == 0 ? ""
                            : String.format(Locale.ROOT, ", %,d with the shared headroom pool full", d.poolDryPackets()),
                    d.headroomBytes(), d.peakBytes()));
        }
        if (drops.size() > LISTED) {
            b.append(" and ").append(drops.size() - LISTED).append(" more");
        }
        b.append("; a lossless class should not drop: the headroom did not hold what arrived after the PAUSE"
                + " (a fixed switch.pfc.headroom below the need, a shared headroom pool smaller than what its ports"
                + " need together, small frames wasting cells, a peer slower than its response time; a NIC receive"
                + " buffer with too little room above its xoff, or whose storm protection stopped pausing); see"
                + " docs/switch.md, \"Lossless drops\" (summary.json: drops.lossless)");
        return List.of(b.toString());
    }
}
