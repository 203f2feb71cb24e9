package org.lossless.nic;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.CcContext;
import org.lossless.nic.cc.CcSpec;
import org.lossless.nic.cc.CcSpecs;
import org.lossless.nic.cc.NoCongestionControl;
import org.lossless.nic.dcqcn.Dcqcn;
import org.lossless.nic.dcqcn.DcqcnParams;

/**
 * The congestion-control algorithms Lossless implements, by the name {@code nic.cc} and a connection's
 * {@code cc} use. The only place that maps names to algorithms: {@link HostNic} and {@link QueuePair}
 * see {@link org.lossless.nic.cc.CongestionControl} and {@link org.lossless.nic.cc.CongestionEcho} only.
 *
 * <p>To add an algorithm: implement {@link CcAlgorithm} in its own package and declare its parameter
 * section as a {@link CcSpec} annotated {@code @AutoService(CcSpec.class)}; nothing here
 * changes (docs/cc.md, "Adding an algorithm"). DCQCN (profile-dependent defaults) and {@code none} (no
 * parameters) are the two named here.
 */
public final class CcAlgorithms {
    /** Names {@code nic.cc} accepts, in the order the docs list them: dcqcn, every {@link CcSpecs#ALL}, none. */
    public static final List<String> NAMES = names();

    /** The implemented algorithms. */
    public static final CcFactory BUILT_IN = CcAlgorithms::create;

    private CcAlgorithms() {
    }

    /**
     * The implemented algorithms, each with {@code base_rtt: auto} resolved to the fabric's base RTT: asked of
     * {@code fabricRttPs} once, on the first algorithm that needs it (neither {@code none} nor DCQCN ever does), and
     * kept by this factory (one per run). The engine hands it to every NIC ({@link NicConfig#newNic}); the NIC's
     * settings stay in nic-cc.
     */
    public static CcFactory withFabricRtt(LongSupplier fabricRttPs) {
        long[] fabric = {-1};
        return (name, config, lineRateBps) -> {
            NicConfig c = config;
            if (config.ccSettings().needsFabricRtt() && !name.equals(NoCongestionControl.NAME)
                    && !name.equals(Dcqcn.NAME)) {
                synchronized (fabric) {
                    if (fabric[0] < 0) {
                        fabric[0] = fabricRttPs.getAsLong();
                    }
                    c = config.withFabricRtt(fabric[0]);
                }
            }
            return create(name, c, lineRateBps);
        };
    }

    /** Whether {@code name} is an implemented algorithm. */
    public static boolean implemented(String name) {
        return NAMES.contains(name);
    }

    private static List<String> names() {
        List<String> n = new ArrayList<>();
        n.add(Dcqcn.NAME);
        n.addAll(CcSpecs.names());
        n.add(NoCongestionControl.NAME);
        return List.copyOf(n);
    }

    private static CcAlgorithm create(String name, NicConfig config, long lineRateBps) {
        switch (name) {
            case Dcqcn.NAME -> {
                DcqcnParams p = config.dcqcn();
                if (p == null) {
                    throw new IllegalArgumentException("congestion control dcqcn needs DCQCN parameters (nic.dcqcn)");
                }
                return new Dcqcn(p.lineRateBps() == lineRateBps ? p : p.withLineRate(lineRateBps));
            }
            case org.lossless.nic.nscc.Nscc.NAME -> {
                // UET's (nic.uet.cc), not a nic.cc value: the RoCE transport does not echo ECN on every ACK
                return new org.lossless.nic.nscc.Nscc(config.uet().nscc(), lineRateBps, config.mtu());
            }
            case NoCongestionControl.NAME -> {
                return new NoCongestionControl(lineRateBps);
            }
            default -> {
                CcSpec<?> spec = CcSpecs.byName(name).orElseThrow(() -> new IllegalArgumentException(
                        "unknown congestion control '" + name + "' (implemented: " + String.join(", ", NAMES) + ")"));
                return CcSettings.create(spec, config.ccSettings().byName().get(name),
                        new CcContext(lineRateBps, config.mtu(), config.wire().fullPacketWire(config.mtu())));
            }
        }
    }
}
