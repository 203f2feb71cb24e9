package org.lossless.switchmodel.headroom;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lossless.switchmodel.mmu.Hpcc2019Config;
import org.lossless.switchmodel.pfc.PfcQuanta;

/** The headroom rules of reference §5 and §2; stateless. */
public final class HeadroomCalculator {
    /** The PAUSE frame on the wire: 64 B + preamble/SFD/IFG = 84 B = 672 bit times. */
    public static final int PAUSE_FRAME_WIRE_BYTES = 84;
    private static final double KIB = 1024;

    private HeadroomCalculator() {
    }

    /**
     * SONiC dynamic model (reference §5.3):
     * <pre>
     * peer_response = quanta × 512 / 8;  cable = 2 × L × speed / v / 8;  gearbox = speed × delay / 8 (per end)
     * propagation   = port_mtu + cable + 2 × gearbox + mac_phy + peer_response
     * xoff = ceil_1KiB(lossless_mtu + propagation × cell_occupancy);  xon = ceil_1KiB(pipeline_latency)
     * size = shared headroom pool ? xon : ceil_1KiB(xoff + xon + speed_overhead)
     * </pre>
     * The cable term is in bytes as the reference writes it (the Lua at e6b0c5b5 divides by 8 × 1024 with
     * the speed in Mb/s × 10^9, 2.3 % less).
     */
    public static HeadroomResult sonic(HeadroomInputs in) {
        List<Component> c = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        AsicConstants asic = in.asic();
        Component peer = peerResponse(in, false, notes);
        double cable = cableBytes(in);
        double gearbox = gearboxBytes(in);
        c.add(new Component("port_mtu", "port MTU (frame in reception)", in.portMtu(), "port MTU"));
        c.add(cableComponent(in, cable));
        c.add(new Component("gearbox", "gearbox (2 ends)", 2 * gearbox,
                fmt("2 x %s x %d ps / 8", HeadroomResult.rate(in.rateBps()), in.gearboxDelayPs())));
        c.add(new Component("mac_phy", "MAC/PHY delay", asic.macPhyDelayBytes(), asic.name() + " mac_phy_delay"));
        c.add(peer);
        double propagation = in.portMtu() + cable + 2 * gearbox + asic.macPhyDelayBytes() + peer.bytes();
        c.add(new Component("cell_occupancy", "x cell occupancy", propagation * (in.cellOccupancy() - 1),
                fmt("propagation %.1f B x (%s - 1)", propagation, HeadroomResult.trim(in.cellOccupancy()))));
        c.add(new Component("lossless_mtu", "lossless MTU (frame in flight)", in.losslessMtu(), "lossless MTU"));
        double raw = in.losslessMtu() + propagation * in.cellOccupancy();
        long xoff = ceilKiB(raw);
        long xon = ceilKiB(asic.pipelineLatencyBytes());
        long size = in.sharedHeadroomPool() ? xon : ceilKiB(xoff + xon + asic.speedOverheadBytes());
        notes.add("xoff and xon rounded up to 1 KiB; xon = " + asic.name() + " pipeline latency");
        notes.add(in.sharedHeadroomPool() ? "shared headroom pool: size = xon (xoff lives in the pool)"
                : "size = xoff + xon" + (asic.speedOverheadBytes() > 0 ? " + speed overhead" : ""));
        return new HeadroomResult(HeadroomModel.SONIC, in.rateBps(), in.cableMeters(), c, raw, xoff, xon, size, notes);
    }

    /**
     * Exact bytes in flight (reference §5.1/§5.2): receiver MTU + sender lossless MTU + cable round trip +
     * MAC/PHY + peer response [+ PAUSE frame]; no cell occupancy, no rounding (xoff = ⌈sum⌉).
     */
    public static HeadroomResult exact(HeadroomInputs in) {
        List<Component> c = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Component peer = peerResponse(in, true, notes);
        double cable = cableBytes(in);
        double gearbox = gearboxBytes(in);
        c.add(peer);
        c.add(cableComponent(in, cable));
        c.add(new Component("port_mtu", "D-MaxFrame (receiver MTU)", in.portMtu(), "port MTU"));
        c.add(new Component("lossless_mtu", "D-MaxNoDropFrame (sender)", in.losslessMtu(), "lossless MTU"));
        c.add(new Component("mac_phy", "2 x D-Intf (MAC/PHY)", in.asic().macPhyDelayBytes(),
                in.asic().name() + " mac_phy_delay"));
        if (gearbox > 0) {
            c.add(new Component("gearbox", "gearbox (2 ends)", 2 * gearbox,
                    fmt("2 x %s x %d ps / 8", HeadroomResult.rate(in.rateBps()), in.gearboxDelayPs())));
        }
        if (in.includePauseFrame()) {
            c.add(new Component("pause_frame", "D-Pause (PAUSE frame)", PAUSE_FRAME_WIRE_BYTES, "672 bit times"));
        } else {
            notes.add("PAUSE frame (84 B) not included; add it with the pause-frame option");
        }
        double raw = 0;
        for (Component k : c) {
            raw += k.bytes();
        }
        notes.add("cell occupancy 1, no rounding to cells or KiB");
        return new HeadroomResult(HeadroomModel.EXACT, in.rateBps(), in.cableMeters(), c, raw, (long) Math.ceil(raw),
                -1, -1, notes);
    }

    /** HPCC ns-3: 3 × rate × one-way delay / 8 with the delay in whole ns (reference §2). */
    public static HeadroomResult hpcc(long rateBps, double cableMeters, long oneWayDelayPs) {
        long h = Hpcc2019Config.headroomBytes(rateBps, oneWayDelayPs);
        List<Component> c = List.of(new Component("bdp_x3", "3 x one-hop BDP", h,
                fmt("3 x %s x %d ns / 8", HeadroomResult.rate(rateBps), oneWayDelayPs / 1000)));
        return new HeadroomResult(HeadroomModel.HPCC, rateBps, cableMeters, c, h, h, -1, h,
                List.of("HPCC ignores MTU, response time and cells; each priority may use the whole port headroom"));
    }

    /** A credit-return frame on the wire (CBFC): a minimum frame, 64 B + preamble/SFD/IFG = 84 B. */
    public static final int CREDIT_FRAME_WIRE_BYTES = 84;

    /**
     * Credit-based flow control sizing: the credit (the receive buffer reserved for one class of one link) that
     * keeps the link busy. The sender spends a frame's credit when it starts the frame; the credit comes back when
     * the frame has arrived (its line time and the cable), left the receiver's buffer at once (an uncongested
     * receiver) and the credit frame has crossed back (its line time and the cable). Over that loop the link
     * carries rate x loop bytes, so
     * <pre>
     * credits = frame + (2 x cable delay + gearbox at both ends + credit frame line time + credit delay) x rate / 8
     * </pre>
     * (link RTT x rate + frame). With fewer credits C the class moves at most C per loop: C x 8 / loop b/s.
     * The receiver's own forwarding latency, if it holds the frame longer, adds its rate x latency. This form has no
     * credit delay (the cable and frames alone); the simulator's rule is {@link #cbfc(HeadroomInputs, int, long)}.
     *
     * @param frameBytes the largest frame of the class on the wire (the lossless MTU)
     */
    public static HeadroomResult cbfc(HeadroomInputs in, int frameBytes) {
        return cbfc(in, frameBytes, 0);
    }

    /**
     * As {@link #cbfc(HeadroomInputs, int)}, with the credit delay: the time from a credit update's arrival until its
     * credit can be spent ({@code switch.cbfc.credit_delay}), which the credit loop also covers. A note gives the
     * credit in whole frames, what {@code switch.cbfc.credits: auto} grants (a frame starts only on its whole credit).
     *
     * @param creditDelayPs the credit delay, ps (&ge; 0)
     */
    public static HeadroomResult cbfc(HeadroomInputs in, int frameBytes, long creditDelayPs) {
        if (creditDelayPs < 0) {
            throw new IllegalArgumentException("CBFC credit delay must be >= 0 ps, got " + creditDelayPs);
        }
        if (frameBytes <= 0) {
            throw new IllegalArgumentException("CBFC frame size must be > 0 bytes, got " + frameBytes);
        }
        List<Component> c = new ArrayList<>();
        double cable = cableBytes(in);
        double gearbox = gearboxBytes(in);
        c.add(new Component("frame", "frame (its own credit)", frameBytes, "largest frame of the class"));
        c.add(cableComponent(in, cable));
        if (gearbox > 0) {
            c.add(new Component("gearbox", "gearbox (2 ends)", 2 * gearbox,
                    fmt("2 x %s x %d ps / 8", HeadroomResult.rate(in.rateBps()), in.gearboxDelayPs())));
        }
        c.add(new Component("credit_frame", "credit frame line time", CREDIT_FRAME_WIRE_BYTES,
                "84 B on the wire, at the link rate"));
        double delay = creditDelayPs * (double) in.rateBps() / 8e12;
        if (creditDelayPs > 0) {
            c.add(new Component("credit_delay", "credit delay (update handling)", delay,
                    fmt("%s us x %s / 8", trimUs(creditDelayPs), HeadroomResult.rate(in.rateBps()))));
        }
        double raw = frameBytes + cable + 2 * gearbox + CREDIT_FRAME_WIRE_BYTES + delay;
        long credits = (long) Math.ceil(raw - 1e-6); // whole bytes, rounded up (not up for float noise)
        long frames = (long) Math.ceil(raw / frameBytes - 1e-9);
        return new HeadroomResult(HeadroomModel.CBFC, in.rateBps(), in.cableMeters(), c, raw, credits, -1, credits,
                List.of("per class and link, reserved: the class never drops and never holds more than this at the"
                        + " receiver; fewer credits C cap the class at floor(C / frame) x frame x 8 / (RTT + frame"
                        + " time)",
                        fmt("in whole frames: %d x %d B = %d B (what switch.cbfc.credits: auto grants)", frames,
                                frameBytes, frames * frameBytes)));
    }

    /**
     * mlx5 NIC receive buffer (reference §5.5; driver {@code calculate_xoff}, integer arithmetic):
     * xoff = (301 + 216·L/100)·S/1000 + 272·MTU/100 with S in Mb/s floored at 40,000 and L in whole metres;
     * xoff threshold = buffer − xoff and xon = threshold − MTU when a buffer size is given.
     *
     * @param bufferBytes the receive buffer size, or 0 if unknown (then xon and size are not computed)
     */
    public static HeadroomResult mlx5(long rateBps, double cableMeters, int mtu, long bufferBytes) {
        if (cableMeters < 0 || cableMeters > 1000) {
            throw new IllegalArgumentException("mlx5 cable length must be in 0..1000 m, got " + cableMeters);
        }
        long speedMbps = Math.max(rateBps / 1_000_000, 40_000);
        long len = (long) cableMeters;
        long perSpeed = (301 + 216 * len / 100) * speedMbps / 1000;
        long perMtu = 272L * mtu / 100;
        long xoff = perSpeed + perMtu;
        List<Component> c = List.of(
                new Component("cable_speed", "(301 + 2.16 L) x S", perSpeed,
                        fmt("(301 + 216 x %d / 100) x %d Mb/s / 1000", len, speedMbps)),
                new Component("mtu", "2.72 x MTU", perMtu, fmt("272 x %d / 100", mtu)));
        List<String> notes = new ArrayList<>();
        notes.add("speed floored at 40 Gb/s; integer arithmetic as the driver");
        long xon = -1;
        long size = -1;
        if (bufferBytes > 0) {
            long threshold = bufferBytes - xoff;
            if (threshold - mtu <= 0) {
                throw new IllegalArgumentException("mlx5 receive buffer " + bufferBytes + " B is smaller than xoff + MTU = "
                        + (xoff + mtu) + " B");
            }
            xon = threshold - mtu;
            size = bufferBytes;
            notes.add("xoff threshold = buffer - xoff = " + threshold + " B; xon = threshold - MTU");
        }
        return new HeadroomResult(HeadroomModel.MLX5, rateBps, cableMeters, c, xoff, xoff, xon, size, notes);
    }

    /**
     * The peer's response: a configured time ({@link HeadroomInputs#responsePs}), else configured quanta, else
     * the speed table (IEEE or SONiC), a speed without an entry taking the next faster entry's quanta
     * ({@link PeerResponse#tableSpeed}).
     */
    private static Component peerResponse(HeadroomInputs in, boolean ieee, List<String> notes) {
        if (in.responsePs() >= 0) {
            double bytes = in.responsePs() * (double) in.rateBps() / 8e12;
            return new Component("peer_response", "peer response (D-Resp)", bytes,
                    fmt("%s us x %s / 8 (the peer's PFC response time)", trimUs(in.responsePs()),
                            HeadroomResult.rate(in.rateBps())));
        }
        int q = in.responseQuanta();
        if (q == 0) {
            long speed = PeerResponse.tableSpeed(in.rateBps());
            q = ieee ? PeerResponse.ieeeBudgetQuanta(in.rateBps()) : PeerResponse.sonicBudgetQuanta(in.rateBps());
            if (speed != in.rateBps()) {
                notes.add("speed not in the pause-quanta table (" + PeerResponse.knownSpeeds() + "): using the "
                        + HeadroomResult.rate(speed) + " budget of " + q + " quanta");
            }
        }
        return new Component("peer_response", "peer response (D-Resp)", PfcQuanta.toBytes(q),
                fmt("%d quanta x 64 B (%.2f us)", q, PfcQuanta.toPs(q, in.rateBps()) / 1e6));
    }

    private static String trimUs(long ps) {
        return java.math.BigDecimal.valueOf(ps, 6).stripTrailingZeros().toPlainString();
    }

    private static double cableBytes(HeadroomInputs in) {
        return 2 * in.cableMeters() * in.rateBps() / in.metersPerSecond() / 8;
    }

    private static Component cableComponent(HeadroomInputs in, double cable) {
        return new Component("cable", "cable round trip (2 x D-Cable)", cable, fmt("2 x %s m x %s / %.3g m/s / 8",
                HeadroomResult.trim(in.cableMeters()), HeadroomResult.rate(in.rateBps()), in.metersPerSecond()));
    }

    private static double gearboxBytes(HeadroomInputs in) {
        return in.gearboxDelayPs() * (double) in.rateBps() / 1e12 / 8;
    }

    /** Rounds up to a multiple of 1024 bytes. */
    static long ceilKiB(double bytes) {
        return (long) Math.ceil(bytes / KIB) * 1024;
    }

    private static String fmt(String f, Object... args) {
        return String.format(Locale.ROOT, f, args);
    }
}
