package org.lossless.nic;

import org.lossless.nic.cc.CcKey;
import org.lossless.nic.dctcp.DctcpParams;
import org.lossless.nic.hpcc.HpccParams;
import org.lossless.nic.swift.SwiftParams;
import org.lossless.nic.timely.TimelyParams;

/**
 * The parameter sections of the congestion controls other than DCQCN ({@code nic.hpcc}, {@code nic.timely},
 * {@code nic.dctcp}, {@code nic.swift}): read and kept whatever {@code nic.cc} is, since a workload may choose
 * any algorithm. DCQCN's stay in {@link NicConfig#dcqcn()}.
 */
public record CcSettings(HpccParams hpcc, TimelyParams timely, DctcpParams dctcp, SwiftParams swift) {
    /** Every default. */
    public static final CcSettings DEFAULTS = new CcSettings(HpccParams.DEFAULTS, TimelyParams.DEFAULTS,
            DctcpParams.DEFAULTS, SwiftParams.DEFAULTS);

    public CcSettings {
        java.util.Objects.requireNonNull(hpcc, "hpcc");
        java.util.Objects.requireNonNull(timely, "timely");
        java.util.Objects.requireNonNull(dctcp, "dctcp");
        java.util.Objects.requireNonNull(swift, "swift");
    }

    /** Whether some {@code base_rtt} is {@code auto} (the network fills in the fabric's largest base RTT). */
    public boolean needsFabricRtt() {
        return hpcc.baseRttPs() == CcKey.AUTO || timely.baseRttPs() == CcKey.AUTO || dctcp.baseRttPs() == CcKey.AUTO;
    }

    /** With every {@code base_rtt: auto} replaced by {@code fabricRttPs}. */
    public CcSettings resolve(long fabricRttPs) {
        return new CcSettings(hpcc.resolve(fabricRttPs), timely.resolve(fabricRttPs), dctcp.resolve(fabricRttPs), swift);
    }

    public CcSettings withHpcc(HpccParams p) {
        return new CcSettings(p, timely, dctcp, swift);
    }

    public CcSettings withTimely(TimelyParams p) {
        return new CcSettings(hpcc, p, dctcp, swift);
    }

    public CcSettings withDctcp(DctcpParams p) {
        return new CcSettings(hpcc, timely, p, swift);
    }

    public CcSettings withSwift(SwiftParams p) {
        return new CcSettings(hpcc, timely, dctcp, p);
    }
}
