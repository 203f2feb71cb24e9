package org.lossless.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lossless.switchmodel.headroom.AsicConstants;
import org.lossless.switchmodel.headroom.HeadroomCalculator;
import org.lossless.switchmodel.headroom.HeadroomInputs;
import org.lossless.switchmodel.headroom.HeadroomResult;
import org.lossless.switchmodel.headroom.PeerResponse;
import org.lossless.switchmodel.headroom.PortHeadroom;
import org.lossless.core.net.WireFormat;
import org.lossless.experiments.scenario.Defaults;
import org.lossless.core.units.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lossless headroom}: PFC headroom (xoff), xon and PG size for one port, with every component
 * (reference switch-buffer-pfc.md §5). Exit status 0, or 2 on bad input with one message on stderr.
 */
@Command(name = "headroom", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"PFC headroom, xoff and xon for one port, with every component.",
                "Models: run (what headroom: auto gives in a simulation: the sonic formula with the simulator's",
                "MTU, cells and the peer's PFC response time, plus the frame that crosses the threshold; the",
                "warning of run and check uses it too),",
                "sonic (SONiC dynamic model, Spectrum-1 constants), exact (bytes in flight, Cisco/IEEE),",
                "hpcc (3 x rate x delay, HPCC ns-3), mlx5 (NIC receive buffer rule) and cbfc (the credit one",
                "class of a credit-based link needs to run at line rate: link RTT x rate + frame, the RTT counting",
                "the credit frame and --credit-delay; what switch.cbfc.credits: auto grants, in whole frames)."},
        footer = {"", "Examples:", "  lossless headroom --rate 100Gbps --cable 100m",
                "  lossless headroom --rate 100Gbps --cable 2m --nic-mtu 1000 --model run --response-time 1us",
                "  lossless headroom --rate 400Gbps --cable 5m --mtu 4158 --model sonic --shared-headroom-pool"})
public final class HeadroomCommand implements Callable<Integer> {
    /** The scenario's default {@code nic.mtu} (docs/scenario.md), for the run model without --mtu/--nic-mtu. */
    static final int DEFAULT_NIC_MTU = Defaults.MTU_BYTES;

    @Spec
    CommandSpec spec;

    @Option(names = "--rate", required = true, paramLabel = "RATE", description = "port speed, e.g. 100Gbps")
    String rate;

    @Option(names = "--cable", paramLabel = "LENGTH", description = "cable length, e.g. 100m (default 5m)")
    String cable;

    @Option(names = "--delay", paramLabel = "TIME",
            description = "one-way propagation delay instead of a length, e.g. 1us (length = delay x propagation speed)")
    String delay;

    @Option(names = "--mtu", paramLabel = "SIZE",
            description = "largest frame in bytes, used as both port and lossless MTU (RoCE MTU 4096 -> frame 4158)")
    String mtu;

    @Option(names = "--port-mtu", paramLabel = "SIZE", description = "frame being received at XOFF (default 9100, SONiC)")
    String portMtu;

    @Option(names = "--lossless-mtu", paramLabel = "SIZE", description = "lossless frame the peer may have started (default 1024, SONiC)")
    String losslessMtu;

    @Option(names = "--nic-mtu", paramLabel = "SIZE",
            description = "the scenario's nic.mtu (RDMA payload): the largest frame is payload + 78 B (first packet"
                    + " of a message, with RETH); instead of --mtu. Default for the run model: " + DEFAULT_NIC_MTU
                    + " (frame " + (DEFAULT_NIC_MTU + 78) + " B)")
    String nicMtu;

    @Option(names = "--nic-wire", paramLabel = "FORMAT",
            description = "the scenario's nic.wire: rocev2 (default) or hpcc2019 (the HPCC simulator's packets: the"
                    + " largest frame is payload + 48 B); used with --nic-mtu and by the run model")
    String nicWire;

    @Option(names = "--cell-size", paramLabel = "SIZE",
            description = "run: the scenario's switch.cell_size (default 1 B: no cell waste)")
    String cellSize;

    @Option(names = "--response-time", paramLabel = "TIME",
            description = "run: the peer's PFC response time (nic.pfc_response_time or switch.pfc.response_time);"
                    + " default auto = the IEEE 802.3 budget at --rate (394 quanta = 2.02 us at 100 Gb/s)")
    String responseTime;

    @Option(names = "--model", paramLabel = "MODEL", defaultValue = "all",
            description = "run | sonic | exact | hpcc | mlx5 | cbfc | all (default ${DEFAULT-VALUE})")
    String model;

    @Option(names = "--credit-delay", paramLabel = "TIME",
            description = "cbfc: the scenario's switch.cbfc.credit_delay (default 100ns)")
    String creditDelay;

    @Option(names = "--response-quanta", paramLabel = "N", description = "peer response in pause quanta (default: speed table)")
    Integer responseQuanta;

    @Option(names = "--cell-occupancy", paramLabel = "X", description = "sonic: buffer bytes per traffic byte (default 2)")
    Double cellOccupancy;

    @Option(names = "--small-packets", paramLabel = "PCT",
            description = "sonic: occupancy from SONiC's formula with this share of small packets and --cell")
    Double smallPackets;

    @Option(names = "--cell", paramLabel = "SIZE", description = "cell size for --small-packets (default 96, Spectrum-1)")
    String cell;

    @Option(names = "--mac-phy", paramLabel = "SIZE", description = "MAC/PHY bytes (default 0.8 KiB = 819.2 B, Spectrum-1)")
    String macPhy;

    @Option(names = "--pipeline-latency", paramLabel = "SIZE", description = "sonic: xon (default 18KiB, Spectrum-1)")
    String pipelineLatency;

    @Option(names = "--gearbox-delay", paramLabel = "TIME", description = "gearbox delay per end (default 0)")
    String gearboxDelay;

    @Option(names = "--shared-headroom-pool", description = "sonic: size = xon (xoff lives in the shared headroom pool)")
    boolean sharedHeadroomPool;

    @Option(names = "--pause-frame", description = "exact: add the PAUSE frame itself (84 B)")
    boolean pauseFrame;

    @Option(names = "--propagation", paramLabel = "M_PER_S", description = "propagation speed, m/s (default 1.98e8, SONiC)")
    Double propagation;

    @Option(names = "--nic-buffer", paramLabel = "SIZE", description = "mlx5: receive buffer size, to compute xon")
    String nicBuffer;

    @Override
    public Integer call() {
        PrintWriter out = spec == null ? new PrintWriter(System.out, true) : spec.commandLine().getOut();
        PrintWriter err = spec == null ? new PrintWriter(System.err, true) : spec.commandLine().getErr();
        try {
            out.print(render());
            out.flush();
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("lossless headroom: " + e.getMessage());
            err.flush();
            return 2;
        }
    }

    /** The text printed for the options given. */
    String render() {
        long rateBps = Units.forKey("--rate", rate, Units::parseRate);
        double mps = propagation == null ? HeadroomInputs.SONIC_METERS_PER_SECOND : propagation;
        if (cable != null && delay != null) {
            throw new IllegalArgumentException("give --cable or --delay, not both");
        }
        double meters;
        long delayPs;
        if (delay != null) {
            delayPs = Units.forKey("--delay", delay, Units::parseTime);
            meters = delayPs * 1e-12 * mps;
        } else {
            meters = Units.forKey("--cable", cable == null ? "5m" : cable, Units::parseLengthMm) / 1000.0;
            delayPs = Math.round(meters / mps * 1e12);
        }
        HeadroomInputs in = HeadroomInputs.of(rateBps, meters).withPropagation(mps);
        int pm = HeadroomInputs.SONIC_PORT_MTU;
        int lm = HeadroomInputs.SONIC_LOSSLESS_MTU;
        if (mtu != null && nicMtu != null) {
            throw new IllegalArgumentException("give --mtu (a frame) or --nic-mtu (the RDMA payload), not both");
        }
        Integer frame = null;
        if (mtu != null) {
            frame = intSize(mtu, "--mtu");
        } else if (nicMtu != null) {
            int payload = intSize(nicMtu, "--nic-mtu");
            if (payload < 64 || payload > 9000) {
                throw new IllegalArgumentException("--nic-mtu: " + payload + " is out of range: nic.mtu is 64 to 9000"
                        + " bytes");
            }
            frame = wire().largestFrame(payload);
        }
        if (frame != null) {
            pm = frame;
            lm = frame;
        }
        if (portMtu != null) {
            pm = intSize(portMtu, "--port-mtu");
        }
        if (losslessMtu != null) {
            lm = intSize(losslessMtu, "--lossless-mtu");
        }
        in = in.withMtus(pm, lm);
        AsicConstants a = in.asic();
        int cellBytes = cell == null ? a.cellBytes() : intSize(cell, "--cell");
        double mac = macPhy == null ? a.macPhyDelayBytes() : Units.forKey("--mac-phy", macPhy, Units::parseSize);
        double pipe = pipelineLatency == null ? a.pipelineLatencyBytes() : Units.forKey("--pipeline-latency", pipelineLatency, Units::parseSize);
        in = in.withAsic(new AsicConstants(a.name(), cellBytes, pipe, mac, a.peerResponseBytes(), a.speedOverheadBytes()));
        if (responseQuanta != null) {
            in = in.withResponseQuanta(responseQuanta);
        }
        if (cellOccupancy != null && smallPackets != null) {
            throw new IllegalArgumentException("give --cell-occupancy or --small-packets, not both");
        }
        if (cellOccupancy != null) {
            in = in.withCellOccupancy(cellOccupancy);
        } else if (smallPackets != null) {
            in = in.withCellOccupancy(HeadroomInputs.sonicCellOccupancy(cellBytes, smallPackets));
        }
        if (gearboxDelay != null) {
            in = in.withGearboxDelayPs(Units.forKey("--gearbox-delay", gearboxDelay, Units::parseTime));
        }
        in = in.withSharedHeadroomPool(sharedHeadroomPool).withPauseFrame(pauseFrame);
        String m = model.toLowerCase(Locale.ROOT);
        boolean all = m.equals("all");
        if (!all && !List.of("run", "sonic", "exact", "hpcc", "mlx5", "cbfc").contains(m)) {
            throw new IllegalArgumentException("--model: '" + model + "': allowed: run, sonic, exact, hpcc, mlx5, cbfc,"
                    + " all");
        }
        // the run model: the simulator's own function, with the scenario's values
        int runFrame = frame != null ? frame : wire().largestFrame(DEFAULT_NIC_MTU);
        int runCell = cellSize == null ? 1 : intSize(cellSize, "--cell-size");
        if (runCell < 1 || runCell > 65536) {
            throw new IllegalArgumentException("--cell-size: " + runCell + " is out of range: 1 to 65536 bytes");
        }
        long runResponse = responseTime == null || responseTime.strip().equals("auto") ? PeerResponse.budgetPs(rateBps)
                : Units.forKey("--response-time", responseTime, Units::parseTime);
        if (runResponse < 0) {
            throw new IllegalArgumentException("--response-time: must be >= 0 or auto");
        }
        List<HeadroomResult> results = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        if (all || m.equals("run")) {
            results.add(PortHeadroom.compute(rateBps, meters, runFrame, runCell, runResponse));
        }
        if (all || m.equals("sonic")) {
            results.add(HeadroomCalculator.sonic(in));
        }
        if (all || m.equals("exact")) {
            results.add(HeadroomCalculator.exact(in));
        }
        if (all || m.equals("hpcc")) {
            results.add(HeadroomCalculator.hpcc(rateBps, meters, delayPs));
        }
        if (all || m.equals("mlx5")) {
            long buf = nicBuffer == null ? 0 : Units.forKey("--nic-buffer", nicBuffer, Units::parseSize);
            if (meters > 1000) {
                if (!all) {
                    throw new IllegalArgumentException("--cable: the mlx5 rule accepts at most 1000 m");
                }
                skipped.add("model: mlx5 not computed: the driver's rule accepts cables of at most 1000 m");
            } else {
                results.add(HeadroomCalculator.mlx5(rateBps, meters, lm, buf));
            }
        }
        HeadroomResult cbfc = null;
        if (all || m.equals("cbfc")) {
            long cd = creditDelay == null ? org.lossless.switchmodel.settings.CbfcSettings.DEFAULT_CREDIT_DELAY_PS
                    : Units.forKey("--credit-delay", creditDelay, Units::parseTime);
            cbfc = HeadroomCalculator.cbfc(in, runFrame, cd);
            results.add(cbfc);
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "port %s, cable %.1f m (one-way %d ps at %.3g m/s), port MTU %d B, lossless MTU %d B%n",
                rate, meters, delayPs, mps, pm, lm));
        b.append(PortHeadroom.describe(runFrame, runCell, runResponse)).append(System.lineSeparator());
        for (HeadroomResult r : results) {
            b.append(System.lineSeparator()).append(r.toText());
        }
        for (String sk : skipped) {
            b.append(System.lineSeparator()).append(sk).append(System.lineSeparator());
        }
        if (all) {
            // the question a design review asks: how much buffer per class and link each flow control takes
            HeadroomResult run = results.get(0);
            b.append(System.lineSeparator()).append(String.format(Locale.ROOT, "CBFC against PFC, per class and link:"
                    + " CBFC reserves %,d B of credit (the class's whole receive buffer, lossless at line rate); PFC"
                    + " (run model) reserves %,d B of headroom on top of the shared buffer the class also uses%n",
                    cbfc.xoffBytes(), run.xoffBytes()));
        }
        return b.toString();
    }

    /** {@code --nic-wire}, RoCEv2 by default. */
    private WireFormat wire() {
        if (nicWire == null) {
            return WireFormat.ROCEV2;
        }
        if (!WireFormat.NAMES.contains(nicWire.strip())) {
            throw new IllegalArgumentException("--nic-wire: '" + nicWire + "': allowed: " + String.join(", ",
                    WireFormat.NAMES));
        }
        return WireFormat.of(nicWire.strip());
    }

    private static int intSize(String text, String key) {
        long v = Units.forKey(key, text, Units::parseSize);
        if (v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(key + ": '" + text + "': too large");
        }
        return (int) v;
    }
}
