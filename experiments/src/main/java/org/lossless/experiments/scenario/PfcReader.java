package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.lossless.switchmodel.pfc.PfcQuanta;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.WatchdogSettings;

/** Reads {@code switch.pfc} (with {@code watchdog}); unset keys stay null for {@link PfcSettings#resolved}. */
final class PfcReader {
    static final String[] KEYS = {"enabled", "priorities", "dynamic_th", "static_th", "headroom", "xon_offset", "xon",
        "reserved", "pool", "cable_length", "mode", "pause_quanta", "refresh", "watchdog", "response_time"};
    static final List<String> MODES = List.of("timed", "xoff_xon");

    private PfcReader() {
    }

    static PfcSettings read(Cursor c) {
        if (!c.present()) {
            return null;
        }
        c.object(KEYS);
        Boolean enabled = c.key("enabled").present() ? c.key("enabled").bool(true) : null;
        List<Integer> priorities = priorities(c.key("priorities"));
        Cursor dyn = c.key("dynamic_th");
        Cursor stat = c.key("static_th");
        if (dyn.present() && stat.present()) {
            throw c.error("give either dynamic_th or static_th, not both");
        }
        Integer dynamicTh = dyn.present() ? (int) dyn.integer(SwitchReader.MIN_DYNAMIC_TH, SwitchReader.MAX_DYNAMIC_TH) : null;
        Long staticTh = null;
        if (stat.present()) {
            staticTh = stat.size();
            if (staticTh <= 0) {
                throw stat.error("static_th must be > 0 bytes, e.g. 200KB");
            }
        }
        Cursor headroomKey = c.key("headroom");
        String headroom = null;
        if (headroomKey.present()) {
            String t = headroomKey.text("auto or a size such as 100KB");
            headroom = t.equals("auto") ? "auto" : Long.toString(headroomKey.size());
        }
        Cursor offsetKey = c.key("xon_offset");
        Cursor xonKey = c.key("xon");
        if (offsetKey.present() && xonKey.present()) {
            throw c.error("give either xon_offset (XON below the XOFF threshold, Broadcom style) or xon (an absolute "
                    + "XON level, Mellanox style), not both");
        }
        Long xonOffset = offsetKey.present() ? offsetKey.size() : null;
        Long xon = xonKey.present() ? xonKey.size() : null;
        Long reserved = c.key("reserved").present() ? c.key("reserved").size() : null;
        String pool = c.key("pool").string(null);
        Cursor cableKey = c.key("cable_length");
        Double cable = cableKey.present() ? cableKey.lengthMm() / 1000.0 : null;
        String mode = c.key("mode").oneOf(null, MODES);
        Cursor quantaKey = c.key("pause_quanta");
        Integer quanta = quantaKey.present() ? (int) quantaKey.integer(1, PfcQuanta.MAX_QUANTA) : null;
        Cursor refreshKey = c.key("refresh");
        Double refresh = refreshKey.present() ? refreshKey.fraction() : null;
        if (refresh != null) {
            if (refresh <= 0) {
                throw refreshKey.error("must be > 0: XOFF is re-sent every refresh x pause time, e.g. 0.5");
            }
        }
        WatchdogSettings watchdog = watchdog(c.key("watchdog"));
        Long response = responseTime(c.key("response_time"), PfcSettings.AUTO_RESPONSE);
        String hr = headroom;
        Long st = staticTh;
        return SwitchReader.build(c, () -> new PfcSettings(enabled, priorities, dynamicTh, st, hr, xonOffset, xon,
                reserved, pool, cable, mode, quanta, refresh, watchdog, response));
    }

    /**
     * A PFC response time ({@code switch.pfc.response_time}, {@code nic.pfc_response_time}): {@code auto} (the
     * IEEE 802.3 budget at the port's speed) or a time &ge; 0; null when absent.
     *
     * @param auto the value standing for {@code auto}
     */
    static Long responseTime(Cursor c, long auto) {
        if (!c.present()) {
            return null;
        }
        String expected = "auto or a time such as 2us (from a received PAUSE until no new frame starts)";
        if ("auto".equals(c.text(expected).strip())) {
            return auto;
        }
        long ps;
        try {
            ps = c.timePs();
        } catch (ScenarioException e) {
            throw c.error("expected " + expected + ", got " + c.describe());
        }
        if (ps < 0) {
            throw c.error("must be >= 0 (or auto), e.g. 2us");
        }
        return ps;
    }

    private static List<Integer> priorities(Cursor c) {
        if (!c.present()) {
            return null;
        }
        return new ArrayList<>(new TreeSet<>(c.distinctIntegers(0, 7, "priority")));
    }

    private static WatchdogSettings watchdog(Cursor c) {
        if (!c.present()) {
            return null;
        }
        c.object("enabled", "detection_time", "restoration_time", "action", "poll_interval");
        Boolean enabled = c.key("enabled").present() ? c.key("enabled").bool(true) : null;
        Long detection = positiveTime(c.key("detection_time"));
        Long restoration = positiveTime(c.key("restoration_time"));
        String action = c.key("action").oneOf(null, List.of("drop", "forward", "alert"));
        Long poll = positiveTime(c.key("poll_interval"));
        return SwitchReader.build(c, () -> new WatchdogSettings(enabled, detection, restoration, action, poll));
    }

    private static Long positiveTime(Cursor c) {
        if (!c.present()) {
            return null;
        }
        long ps = c.timePs();
        if (ps <= 0) {
            throw c.error("must be > 0, e.g. 200ms");
        }
        return ps;
    }
}
