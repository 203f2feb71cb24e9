package org.lossless.switchmodel.headroom;

import java.util.Locale;

/**
 * The one function that sizes a switch port's PFC headroom in the simulator: what {@code headroom: auto}
 * gives in a run, what the fixed-headroom warning compares with, and what {@code lossless headroom --model
 * run} prints. It is the SONiC formula ({@link HeadroomCalculator#sonic}) with the simulator's conventions:
 * <ul>
 * <li>both MTUs = the largest frame a run carries (the first packet of a message at {@code nic.mtu}, with
 *     RETH: payload + 78 B);</li>
 * <li>cell occupancy from {@code switch.cell_size}: the largest frame rounded up to whole cells over its
 *     size (1 with the default 1-byte cells; the MMU charges each frame whole cells, so small-packet
 *     waste beyond that is not budgeted);</li>
 * <li>the peer's response = the PFC response time of the transmitter at the far end of the cable
 *     ({@code nic.pfc_response_time} or {@code switch.pfc.response_time}; their default is the IEEE 802.3
 *     budget at the port's speed, {@link PeerResponse#budgetPs});</li>
 * <li>the cable term at SONiC's 1.98e8 m/s from the port's length (the run's delay at 5 ns/m, 1 % longer
 *     than the simulated delay, so on the safe side), Spectrum-1 MAC/PHY 0.8 KiB, xoff rounded up to 1 KiB;</li>
 * <li><b>plus the crossing frame</b>: one more largest frame, in whole cells ({@link #CROSSING_FRAME}). The
 *     simulator's MMU admits a frame to the shared area only if all of it fits under the threshold
 *     ({@code pgShared + c <= T}, as the HPCC simulator does), so the frame whose admission makes the PG
 *     send XOFF lands whole in headroom, before anything that is in flight after the XOFF decision. The
 *     SONiC/IEEE budget counts only what arrives after that decision (an ASIC that compares the occupancy
 *     before the frame puts the crossing frame in the shared area). Without this term a 4 KB-MTU port
 *     overflowed by one frame when its XOFF waited behind a full frame and the peer used its whole
 *     response budget (docs/switch.md, "Lossless drops").</li>
 * </ul>
 */
public final class PortHeadroom {
    /** Key of the crossing frame's component in {@link #compute}'s result. */
    public static final String CROSSING_FRAME = "crossing_frame";

    private PortHeadroom() {
    }

    /**
     * @param maxFrameBytes  the largest frame in a run, bytes (both MTUs)
     * @param cellBytes      the switch's buffer cell, bytes (&ge; 1)
     * @param peerResponsePs the peer's PFC response time, ps (&ge; 0)
     */
    public static HeadroomInputs inputs(long rateBps, double cableMeters, int maxFrameBytes, int cellBytes,
                                        long peerResponsePs) {
        if (cellBytes < 1) {
            throw new IllegalArgumentException("cell size must be >= 1 byte, got " + cellBytes);
        }
        if (peerResponsePs < 0) {
            throw new IllegalArgumentException("peer response time must be >= 0 ps, got " + peerResponsePs);
        }
        return HeadroomInputs.of(rateBps, cableMeters).withMtus(maxFrameBytes, maxFrameBytes)
                .withCellOccupancy(cellOccupancy(maxFrameBytes, cellBytes)).withResponsePs(peerResponsePs);
    }

    /** The full computation (every component), as {@code lossless headroom --model run} prints it. */
    public static HeadroomResult compute(long rateBps, double cableMeters, int maxFrameBytes, int cellBytes,
                                         long peerResponsePs) {
        HeadroomResult r = HeadroomCalculator.sonic(inputs(rateBps, cableMeters, maxFrameBytes, cellBytes, peerResponsePs));
        double crossing = maxFrameBytes * cellOccupancy(maxFrameBytes, cellBytes);
        java.util.List<Component> components = new java.util.ArrayList<>(r.components());
        components.add(new Component(CROSSING_FRAME, "crossing frame (in headroom)", crossing,
                cellBytes <= 1 ? "largest frame: the frame that crosses the threshold goes whole to headroom"
                        : String.format(Locale.ROOT, "largest frame in whole %d B cells: the frame that crosses the"
                        + " threshold goes whole to headroom", cellBytes)));
        double raw = r.rawXoffBytes() + crossing;
        java.util.List<String> notes = new java.util.ArrayList<>();
        notes.add("the sonic formula plus the crossing frame; xoff rounded up to 1 KiB");
        notes.add("a run sets XON with switch.pfc.xon_offset (default 2 KB below the PFC threshold) or switch.pfc.xon,"
                + " not with the pipeline latency; the PG size is not used");
        for (String n : r.notes()) {
            if (n.startsWith("speed not in")) {
                notes.add(n);
            }
        }
        return new HeadroomResult(HeadroomModel.RUN, r.rateBps(), r.cableMeters(), components, raw,
                HeadroomCalculator.ceilKiB(raw), -1, -1, notes);
    }

    /** The headroom (xoff) in bytes: what {@code headroom: auto} gives. */
    public static long bytes(long rateBps, double cableMeters, int maxFrameBytes, int cellBytes, long peerResponsePs) {
        return compute(rateBps, cableMeters, maxFrameBytes, cellBytes, peerResponsePs).xoffBytes();
    }

    /** Buffer bytes per frame byte for the largest frame in whole cells (1 for 1-byte cells). */
    public static double cellOccupancy(int maxFrameBytes, int cellBytes) {
        if (cellBytes <= 1) {
            return 1;
        }
        long cells = (maxFrameBytes + (long) cellBytes - 1) / cellBytes;
        return Math.max(1, cells * (double) cellBytes / maxFrameBytes);
    }

    /** One line saying how the simulator sizes headroom, for the command's output. */
    public static String describe(int maxFrameBytes, int cellBytes, long peerResponsePs) {
        return String.format(Locale.ROOT, "headroom: auto in a run (and the headroom warning of run and check) is"
                + " model run: the sonic formula with both MTUs = the largest frame (%d B), cell occupancy %s"
                + " (switch.cell_size %d B) and the peer's PFC response time (%s us), plus the frame that crosses the"
                + " PFC threshold (the MMU admits it whole to headroom)", maxFrameBytes, HeadroomResult.trim(cellOccupancy(maxFrameBytes, cellBytes)), cellBytes,
                java.math.BigDecimal.valueOf(peerResponsePs, 6).stripTrailingZeros().toPlainString());
    }
}
