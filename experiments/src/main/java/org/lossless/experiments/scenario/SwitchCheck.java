package org.lossless.experiments.scenario;

import java.util.Collections;
import java.util.List;

import org.lossless.core.net.WireFormat;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.MmuFactory;
import org.lossless.switchmodel.settings.PortSpec;
import org.lossless.switchmodel.settings.SwitchSettings;

/**
 * Builds the switch of a star once at load time, so that settings that cannot fit its ports (a buffer too
 * small for the reserved and headroom bytes, a kmax below hpcc2019's per-speed kmin) are a scenario error
 * naming {@code switch} rather than a failure when the run starts. Only stars of at most
 * {@link #MAX_PORTS} hosts are checked (larger ones and other topologies fail when the engine builds them).
 */
final class SwitchCheck {
    /** Larger stars are not built at load time (the check allocates per port and priority). */
    static final int MAX_PORTS = 4096;

    private SwitchCheck() {
    }

    static void check(Cursor sw, SwitchSettings s, TopologyConfig topology, NicConfig nic) {
        if (!(topology instanceof TopologyConfig.Star star) || star.hosts() > MAX_PORTS) {
            return;
        }
        List<PortSpec> ports = Collections.nCopies(star.hosts(),
                PortSpec.ofDelay(star.hostLink().rateBps(), star.hostLink().delayPs())
                        .withPeerResponse(nic.pfcResponsePs()));
        try {
            MmuFactory.create(s, ports, WireFormat.dataFrameBytes(nic.mtu(), true), star.hostLink().rateBps());
            MmuFactory.ecnConfig(s, ports);
            MmuFactory.pfcTiming(s);
        } catch (IllegalArgumentException e) {
            throw sw.error("the switch of this " + star.hosts() + "-port star cannot be built: " + e.getMessage());
        }
    }
}
