package org.lossless.experiments.scenario;

import java.util.ArrayList;
import java.util.List;

import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.TrimmingSettings;
import org.lossless.workloads.yaml.Cursor;

/**
 * Reads {@code switch.flow_control} (per traffic class: {@code pfc} or {@code none}; {@code cbfc} is refused as not
 * implemented yet) into the PFC settings it amounts to, and {@code switch.trimming}. {@code flow_control} is a
 * scalar for every class, or a mapping from priority (0..7) to mode in which an unlisted priority has no flow
 * control. It sets which priorities PFC protects, so it may not contradict {@code switch.pfc.enabled} or
 * {@code switch.pfc.priorities}; the resolved scenario spells the result out in {@code switch.pfc}.
 */
final class FlowControlReader {
    static final List<String> MODES = List.of("pfc", "cbfc", "none");

    private FlowControlReader() {
    }

    /** {@code pfc} with {@code switch.flow_control} applied ({@code pfcKey}: {@code switch.pfc}, for messages). */
    static PfcSettings apply(Cursor c, Cursor pfcKey, PfcSettings given) {
        if (!c.present()) {
            return given;
        }
        PfcSettings pfc = given == null ? PfcSettings.UNSET : given;
        List<Integer> lossless;
        if (c.isScalar()) {
            String mode = mode(c);
            if (mode.equals("pfc")) {
                return given;
            }
            lossless = List.of();
        } else {
            lossless = new ArrayList<>();
            for (String k : c.keys("a mapping from priority (0..7) to pfc, cbfc or none")) {
                int prio;
                try {
                    prio = Integer.parseInt(k.strip());
                } catch (NumberFormatException e) {
                    throw c.key(k).error("'" + k + "' is not a priority: the keys are priorities 0..7");
                }
                if (prio < 0 || prio > 7) {
                    throw c.key(k).error("priority " + prio + " is out of range 0..7");
                }
                if (mode(c.key(k)).equals("pfc")) {
                    lossless.add(prio);
                }
            }
            lossless.sort(null);
        }
        if (pfc.priorities() != null && !new java.util.TreeSet<>(pfc.priorities()).equals(new java.util.TreeSet<>(lossless))
                && !lossless.isEmpty()) {
            throw c.error("gives PFC to priorities " + lossless + " but switch.pfc.priorities is " + pfc.priorities()
                    + ": set one of them");
        }
        boolean on = !lossless.isEmpty();
        if (pfc.enabled() != null && pfc.enabled() != on) {
            throw c.error((on ? "gives PFC to priorities " + lossless : "turns PFC off")
                    + " but switch.pfc.enabled is " + pfc.enabled() + ": set one of them");
        }
        return new PfcSettings(on, on ? lossless : pfc.priorities(), pfc.dynamicTh(), pfc.staticTh(), pfc.headroom(),
                pfc.xonOffset(), pfc.xon(), pfc.reserved(), pfc.pool(), pfc.cableLength(), pfc.mode(),
                pfc.pauseQuanta(), pfc.refresh(), pfc.watchdog(), pfc.responseTime());
    }

    private static String mode(Cursor c) {
        String m = c.scalar("pfc, cbfc or none").strip();
        if (m.equals("cbfc")) {
            throw c.error("'cbfc' (credit-based flow control) is not implemented yet (implemented: pfc, none)");
        }
        return c.oneOf(MODES);
    }

    /** {@code switch.llr}: {@code enabled} (default true when the section is given) and {@code frame_error_rate}; or null. */
    static org.lossless.switchmodel.settings.LlrSettings llr(Cursor c) {
        if (!c.present()) {
            return null;
        }
        c.object("enabled", "frame_error_rate");
        boolean on = c.key("enabled").bool(true);
        Cursor fk = c.key("frame_error_rate");
        double rate = 0;
        if (fk.present()) {
            try {
                rate = Double.parseDouble(fk.scalar("a probability such as 1e-6").strip());
            } catch (NumberFormatException e) {
                throw fk.error("expected a probability such as 1e-6, got " + fk.describe());
            }
            if (!(rate >= 0 && rate <= 1)) {
                throw fk.error(rate + " is not a probability (0 to 1)");
            }
        }
        return new org.lossless.switchmodel.settings.LlrSettings(on, rate);
    }

    /** {@code switch.trimming}: {@code priorities} (required, 0..7) and {@code header} (size, default 64 B); or null. */
    static TrimmingSettings trimming(Cursor c) {
        if (!c.present()) {
            return null;
        }
        c.object("priorities", "header");
        Cursor pk = c.key("priorities");
        if (!pk.present()) {
            throw c.error("needs priorities: the egress queues whose overflow trims, e.g. [1]");
        }
        List<Integer> prios = pk.distinctIntegers(0, 7, "priority");
        Cursor hk = c.key("header");
        long header = hk.size(TrimmingSettings.DEFAULT_HEADER_BYTES);
        if (header < 64 || header > 512) {
            throw hk.error(header + " B is out of range: a trimmed header is 64 to 512 bytes");
        }
        return new TrimmingSettings(prios, header);
    }
}
