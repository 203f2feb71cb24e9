package org.lossless.experiments.scenario;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.settings.Values;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchModel;
import org.lossless.switchmodel.settings.SwitchSchema;
import org.lossless.switchmodel.settings.TrimmingSettings;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.SectionReader;

/**
 * Reads {@code switch.flow_control} (per traffic class: {@code pfc}, {@code cbfc} or {@code none}) into the classes
 * it gives PFC (applied by {@link PfcSettings#withLossless}, which keeps every other PFC key) and the classes under
 * CBFC with {@code switch.cbfc}, and {@code switch.trimming} and {@code switch.llr}: each returned as read for
 * {@link SwitchModel#of}, which makes the settings. {@code flow_control} is a scalar for every class, or a mapping
 * from priority (0..7) to mode in which an unlisted priority has no flow control. It sets which priorities PFC protects, so it may not contradict {@code switch.pfc.enabled} or
 * {@code switch.pfc.priorities}; the resolved scenario spells the result out in {@code switch.pfc}.
 */
final class FlowControlReader {
    static final List<String> MODES = List.of("pfc", "cbfc", "none");

    private FlowControlReader() {
    }

    /**
     * The classes {@code switch.flow_control} ({@code c}) gives PFC, ascending (empty: PFC off), for
     * {@link PfcSettings#withLossless}; null when it leaves {@code switch.pfc} as given (absent, or {@code pfc}).
     * {@code given} ({@code switch.pfc} as read) only for the check that the two do not contradict each other.
     */
    static List<Integer> lossless(Cursor c, Values given) {
        if (!c.present()) {
            return null;
        }
        List<Integer> priorities = given == null ? null : given.ints("priorities");
        Boolean enabled = given == null ? null : given.bool("enabled");
        List<Integer> lossless;
        if (c.isScalar()) {
            String mode = mode(c);
            if (mode.equals("pfc")) {
                return null;
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
        if (priorities != null && !new java.util.TreeSet<>(priorities).equals(new java.util.TreeSet<>(lossless))
                && !lossless.isEmpty()) {
            throw c.error("gives PFC to priorities " + lossless + " but switch.pfc.priorities is " + priorities
                    + ": set one of them");
        }
        boolean on = !lossless.isEmpty();
        if (enabled != null && enabled != on) {
            throw c.error((on ? "gives PFC to priorities " + lossless : "turns PFC off")
                    + " but switch.pfc.enabled is " + enabled + ": set one of them");
        }
        return lossless;
    }

    private static String mode(Cursor c) {
        c.scalar("pfc, cbfc or none");
        return c.oneOf(MODES);
    }

    /** The priorities {@code switch.flow_control} ({@code fc}) gives {@code cbfc}, ascending; empty when none. */
    private static List<Integer> cbfcPriorities(Cursor fc) {
        if (!fc.present()) {
            return List.of();
        }
        if (fc.isScalar()) {
            return mode(fc).equals("cbfc") ? List.of(0, 1, 2, 3, 4, 5, 6, 7) : List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (String k : fc.keys("a mapping from priority (0..7) to pfc, cbfc or none")) {
            if (mode(fc.key(k)).equals("cbfc")) {
                out.add(Integer.parseInt(k.strip())); // checked by apply()
            }
        }
        out.sort(null);
        return out;
    }

    /**
     * {@code switch.cbfc} ({@code c}: {@code priorities}, {@code credits: auto | size}, {@code credit_delay}) with
     * the classes {@code switch.flow_control} ({@code fc}) gives {@code cbfc}; null when no class runs CBFC.
     * {@code priorities} is what the resolved scenario writes; given beside {@code flow_control} it must agree.
     */
    static SwitchModel.Cbfc cbfc(Cursor fc, Cursor c) {
        List<Integer> prios = cbfcPriorities(fc);
        if (!c.present()) {
            return prios.isEmpty() ? null : new SwitchModel.Cbfc(null, prios);
        }
        Values v = SectionReader.read(c, SwitchSchema.CBFC); // names, ranges and messages from the schema
        Cursor pk = c.key("priorities");
        if (v.has("priorities")) {
            List<Integer> given = v.ints("priorities");
            if (given.isEmpty()) {
                throw pk.error("is empty: list the classes under CBFC, e.g. [3], or leave switch.cbfc out");
            }
            if (fc.present() && !given.equals(prios)) {
                throw pk.error("is " + given + " but switch.flow_control gives cbfc to " + prios + ": set one of them");
            }
            prios = given;
        } else if (prios.isEmpty()) {
            throw c.error("is set but no class runs cbfc: set switch.flow_control: cbfc (every class) or e.g."
                    + " {3: cbfc}");
        }
        return new SwitchModel.Cbfc(v, prios); // switch-model resolves the defaults and makes the settings
    }

    /** {@code switch.llr}: {@code enabled} (default true when the section is given) and {@code frame_error_rate}; or null. */
    static SwitchModel.Llr llr(Cursor c) {
        if (!c.present()) {
            return null;
        }
        Values v = SectionReader.read(c, SwitchSchema.LLR);
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
        return new SwitchModel.Llr(v, rate);
    }

    /** {@code switch.trimming}: {@code priorities} (required, 0..7) and {@code header} (size, default 64 B); or null. */
    static SwitchModel.Trimming trimming(Cursor c) {
        if (!c.present()) {
            return null;
        }
        Values v = SectionReader.read(c, SwitchSchema.TRIMMING);
        Cursor pk = c.key("priorities");
        if (!pk.present()) {
            throw c.error("needs priorities: the egress queues whose overflow trims, e.g. [1]");
        }
        List<Integer> prios = pk.distinctIntegers(0, 7, "priority");
        long header = v.has("header") ? v.number("header") : TrimmingSettings.DEFAULT_HEADER_BYTES;
        try {
            TrimmingSettings.checkHeader(header); // the settings' own check, here for its key path and its order
        } catch (IllegalArgumentException e) {
            throw c.key("header").error(e.getMessage());
        }
        return new SwitchModel.Trimming(v, prios);
    }
}
