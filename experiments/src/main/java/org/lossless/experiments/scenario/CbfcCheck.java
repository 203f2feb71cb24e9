package org.lossless.experiments.scenario;

import java.util.ArrayList;
import java.util.List;

import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.CbfcSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;
import org.lossless.workloads.yaml.Cursor;

/**
 * Combinations with {@code switch.cbfc} that cannot run, refused at load time (exit 2): a class under both PFC and
 * CBFC, trimming on a CBFC class (its frames are never refused, so it never trims), the NIC receive buffer (not
 * modelled under CBFC), frame errors without link-level retry (a lost frame's credit would never come back), credits
 * smaller than the largest frame (no frame could start) and credits that do not fit a switch's buffer.
 */
final class CbfcCheck {
    private CbfcCheck() {
    }

    static void check(Cursor sw, SwitchSettings s, Fabric topology, NicConfig nic) {
        CbfcSettings c = s.cbfc();
        if (c == null) {
            return;
        }
        Cursor key = sw.key("cbfc").present() ? sw.key("cbfc") : sw.key("flow_control");
        PfcSettings pfc = s.pfc();
        if (pfc != null && Boolean.TRUE.equals(pfc.enabled()) && pfc.priorities() != null) {
            List<Integer> both = new ArrayList<>(pfc.priorities());
            both.retainAll(c.priorities());
            if (!both.isEmpty()) {
                throw key.error("priorities " + both + " run both CBFC and PFC (switch.pfc.priorities "
                        + pfc.priorities() + "): a class has one flow control");
            }
        }
        if ((s.trimMask() & c.mask()) != 0) {
            throw sw.key("trimming").error("trims priorities that run CBFC " + c.priorities() + ": credits keep their"
                    + " buffer from overflowing, so they never trim (trim a class with switch.flow_control: none)");
        }
        if (nic.rxBuffer() != null) {
            throw key.error("cannot run with nic.rx_buffer: under CBFC a NIC takes each frame at once (its receive"
                    + " buffer is not modelled); remove nic.rx_buffer");
        }
        if (s.llr() != null && s.llr().frameErrorRate() > 0 && !s.llr().enabled()) {
            throw key.error("cannot run with frame errors and switch.llr.enabled false: a lost frame's credit never"
                    + " comes back (turn link-level retry on)");
        }
        int maxFrame = nic.wire().largestFrame(nic.mtu());
        if (c.credits() != null && c.credits() < maxFrame) {
            throw sw.key("cbfc").key("credits").error(c.credits() + " B is less than the largest frame (" + maxFrame
                    + " B at nic.mtu " + nic.mtu() + "): no frame could ever start");
        }
        Long buffer = s.bufferSize();
        Topology t;
        try {
            t = topology.build();
        } catch (RuntimeException e) {
            return; // the topology's own error is reported where it is read or built
        }
        if (buffer == null) {
            return;
        }
        for (Node node : t.nodes()) {
            if (node.isHost()) {
                continue;
            }
            long reserved = 0;
            for (Port p : t.ports(node.id())) {
                reserved += c.creditsFor(p.cable().rateBps(), p.cable().delayPs(), maxFrame, s.latencyPs())
                        * c.priorities().size();
            }
            if (reserved > buffer) {
                throw key.error(String.format(java.util.Locale.ROOT, "the credits reserve %,d B on switch %s (%d ports"
                        + " x %d classes), more than switch.buffer_size %,d B: lower switch.cbfc.credits or raise the"
                        + " buffer", reserved, node.name(), t.ports(node.id()).size(), c.priorities().size(), buffer));
            }
        }
    }
}
