package org.lossless.nic;

import java.util.List;

import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.nic.cc.NoCongestionControl;
import org.lossless.nic.dcqcn.Dcqcn;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.nic.dctcp.Dctcp;
import org.lossless.nic.hpcc.Hpcc;
import org.lossless.nic.swift.Swift;
import org.lossless.nic.timely.Timely;

/**
 * The congestion-control algorithms Lossless implements, by the name {@code nic.cc} and a connection's
 * {@code cc} use. The only place that maps names to algorithms: {@link HostNic} and {@link QueuePair}
 * see {@link org.lossless.nic.cc.CongestionControl} and {@link org.lossless.nic.cc.CongestionEcho} only.
 *
 * <p>To add an algorithm: implement {@link CcAlgorithm} (sender and receiver state, in its own package
 * like {@code org.lossless.nic.dcqcn}), give {@link CcSettings} its parameter set, add its name to
 * {@link #NAMES} and a branch to {@link #BUILT_IN} (docs/cc.md).
 */
public final class CcAlgorithms {
    /** Names {@code nic.cc} accepts, in the order the docs list them. */
    public static final List<String> NAMES = List.of(Dcqcn.NAME, Hpcc.NAME, Timely.NAME, Dctcp.NAME, Swift.NAME,
            NoCongestionControl.NAME);

    /** The implemented algorithms. */
    public static final CcFactory BUILT_IN = CcAlgorithms::create;

    private CcAlgorithms() {
    }

    /** Whether {@code name} is an implemented algorithm. */
    public static boolean implemented(String name) {
        return NAMES.contains(name);
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
            case Hpcc.NAME -> {
                return new Hpcc(config.ccSettings().hpcc(), lineRateBps, config.mtu());
            }
            case Timely.NAME -> {
                return new Timely(config.ccSettings().timely(), lineRateBps, config.mtu());
            }
            case Dctcp.NAME -> {
                return new Dctcp(config.ccSettings().dctcp(), lineRateBps, config.mtu());
            }
            case Swift.NAME -> {
                return new Swift(config.ccSettings().swift(), lineRateBps, config.mtu(),
                        config.wire().fullPacketWire(config.mtu()));
            }
            case org.lossless.nic.nscc.Nscc.NAME -> {
                // UET's (nic.uet.cc), not a nic.cc value: the RoCE transport does not echo ECN on every ACK
                return new org.lossless.nic.nscc.Nscc(config.uet().nscc(), lineRateBps, config.mtu());
            }
            case NoCongestionControl.NAME -> {
                return new NoCongestionControl(lineRateBps);
            }
            default -> throw new IllegalArgumentException("unknown congestion control '" + name + "' (implemented: "
                    + String.join(", ", NAMES) + ")");
        }
    }
}
