package org.lossless.experiments.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Reads {@code switch}: buffer, {@code pfc} and {@code ecn}. */
final class SwitchReader {
    private SwitchReader() {
    }

    static SwitchConfig read(Cursor c) {
        c.object("buffer_size", "pfc", "ecn");
        Cursor bufferKey = c.key("buffer_size");
        long buffer = bufferKey.size(Defaults.BUFFER_BYTES);
        if (buffer <= 0) {
            throw bufferKey.error("the buffer must be > 0 bytes, e.g. 32MB");
        }
        return new SwitchConfig(buffer, pfc(c.key("pfc")), ecn(c.key("ecn")));
    }

    static PfcConfig pfc(Cursor c) {
        c.object("enabled", "priorities", "dynamic_th", "static_th", "headroom", "xon_offset");
        boolean enabled = c.key("enabled").bool(Defaults.PFC_ENABLED);
        List<Integer> priorities = priorities(c.key("priorities"));
        Cursor dyn = c.key("dynamic_th");
        Cursor stat = c.key("static_th");
        PfcThreshold threshold;
        if (dyn.present() && stat.present()) {
            throw c.error("give either dynamic_th or static_th, not both");
        } else if (stat.present()) {
            long bytes = stat.size();
            if (bytes <= 0) {
                throw stat.error("static_th must be > 0 bytes, e.g. 200KB");
            }
            threshold = new PfcThreshold.Static(bytes);
        } else {
            threshold = new PfcThreshold.Dynamic((int) dyn.integer(Defaults.DYNAMIC_TH, -8, 7));
        }
        Cursor headroomKey = c.key("headroom");
        long headroom = PfcConfig.AUTO;
        if (headroomKey.present() && !"auto".equals(headroomKey.text("auto or a size such as 100KB"))) {
            headroom = headroomKey.size();
        }
        long xonOffset = c.key("xon_offset").size(Defaults.XON_OFFSET_BYTES);
        return new PfcConfig(enabled, priorities, threshold, headroom, xonOffset);
    }

    private static List<Integer> priorities(Cursor c) {
        if (!c.present()) {
            return Defaults.PFC_PRIORITIES;
        }
        List<Cursor> items = c.isList() ? c.list() : List.of(c);
        TreeSet<Integer> set = new TreeSet<>();
        for (Cursor item : items) {
            int p = (int) item.integer(0, 7);
            if (!set.add(p)) {
                throw item.error("priority " + p + " is listed twice");
            }
        }
        return new ArrayList<>(set);
    }

    static EcnConfig ecn(Cursor c) {
        c.object("enabled", "kmin", "kmax", "pmax", "mark_on");
        boolean enabled = c.key("enabled").bool(Defaults.ECN_ENABLED);
        long kmin = c.key("kmin").size(Defaults.KMIN_BYTES);
        Cursor kmaxKey = c.key("kmax");
        long kmax = kmaxKey.size(Math.max(Defaults.KMAX_BYTES, kmin));
        if (kmax < kmin) {
            throw (kmaxKey.present() ? kmaxKey : c.key("kmin")).error("kmax (" + Units.formatSize(kmax)
                    + ") must be >= kmin (" + Units.formatSize(kmin) + ")");
        }
        double pmax = c.key("pmax").fraction(Defaults.PMAX);
        EcnConfig.MarkPoint markOn = c.key("mark_on").choice(EcnConfig.MarkPoint.class, Defaults.MARK_ON);
        return new EcnConfig(enabled, kmin, kmax, pmax, markOn);
    }
}
