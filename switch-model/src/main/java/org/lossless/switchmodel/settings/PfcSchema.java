package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.switchmodel.mmu.Threshold;
import org.lossless.switchmodel.pfc.PfcQuanta;
import org.lossless.switchmodel.pfc.PfcTiming;

/**
 * The schema of {@code switch.pfc} and {@code switch.pfc.watchdog}: every key's name, type, range, default,
 * doc line and source, declared once. The scenario reader reads through it, {@link PfcSettings#resolved} and
 * {@link WatchdogSettings#resolved} take their defaults from it, the resolved scenario is written from it, the
 * SONiC importer checks {@code dynamic_th} against {@link #DYNAMIC_TH}'s range, and docs/scenario.md's two
 * tables are generated from it (a test fails when they differ).
 */
public final class PfcSchema {
    /** sonic-utilities' PFC watchdog default for the detection, restoration and poll times: 200 ms, ps. */
    private static final long WD_TIME_PS = 200_000_000_000L;

    /** α = 2^dynamic_th; one range (SONiC's YANG, {@link Threshold}) for the reader, the model and the importer. */
    public static final Key DYNAMIC_TH = Key.integer("dynamic_th", Threshold.MIN_DYNAMIC_TH, Threshold.MAX_DYNAMIC_TH,
            -3, "ingress dynamic threshold: a lossless priority group may take α = 2^dynamic_th of the free shared "
                    + "pool (SAI/SONiC meaning; −3 gives α = 1/8). The range is SONiC's (its YANG model allows "
                    + "−8..7; Mellanox SAI clamps to it)").source("SONiC");

    public static final Section WATCHDOG = Section.of("switch.pfc.watchdog",
            Key.bool("enabled", true, "run the watchdog").defaultDoc("`true` if the mapping is given"),
            Key.time("detection_time", WD_TIME_PS, "a queue paused this long without progress is stormed")
                    .atLeast(1, "must be > 0, e.g. 200ms").source("sonic-utilities"),
            Key.time("restoration_time", WD_TIME_PS, "restored after this long without PFC frames")
                    .atLeast(1, "must be > 0, e.g. 200ms")
                    .defaultDoc("`200ms`, or 2 × `detection_time` when only that is given").source("sonic-utilities"),
            Key.choice("action", List.of("drop", "forward", "alert"), "drop", "what a stormed queue does")
                    .source("sonic-utilities"),
            Key.time("poll_interval", WD_TIME_PS, "polling period; polls fall on multiples of it from time 0")
                    .atLeast(1, "must be > 0, e.g. 200ms").source("sonic-utilities"));

    public static final Section PFC = Section.of("switch.pfc",
            Key.bool("enabled", true, "PFC on the lossless priorities; `false` makes every priority lossy"),
            Key.intSet("priorities", "priority", 0, 7, List.of(3),
                    "lossless priorities; distinct; stored sorted. The first is the default flow priority"),
            DYNAMIC_TH,
            Key.size("static_th", null, "a fixed shared-buffer limit per priority group, instead of `dynamic_th` "
                    + "(give one or the other)").atLeast(1, "static_th must be > 0 bytes, e.g. 200KB"),
            Key.size("headroom", null, "per port and priority group buffer for what arrives after XOFF; `auto` = the "
                    + "SONiC headroom formula at the port's speed and cable length with the largest frame as both MTUs, "
                    + "cell occupancy from `cell_size` and the PFC response time of the transmitter at the other end of "
                    + "the cable (`nic.pfc_response_time` or `response_time` below), plus one largest frame for the "
                    + "frame that crosses the threshold (the MMU admits it whole to headroom): switch.md §4, printed by "
                    + "`lossless headroom --model run`. A size below that value on some switch port is allowed, with a "
                    + "one-line warning from `run` and `check` on stderr naming the ports")
                    .orAuto("auto or a size such as 100KB").defaultValue(Key.AUTO),
            Key.size("xon_offset", 2000L, "XON when the shared occupancy falls this far below the XOFF threshold "
                    + "(Broadcom style)"),
            Key.size("xon", null, "an absolute XON level on the PG's shared occupancy instead of `xon_offset` (give "
                    + "one or the other). Not SONiC/SAI's Mellanox `xon`, which is a floor under T − `xon_offset`: "
                    + "`lossless import sonic` converts that one to `xon_offset: 0` (switch.md §6)"),
            Key.size("reserved", 0L, "guaranteed bytes per lossless priority group (`BUFFER_PROFILE.size`)")
                    .defaultDoc("`0`"),
            Key.text("pool", null, "pool of the lossless priority groups; only with `pools`")
                    .defaultDoc("the first ingress pool"),
            Key.length("cable_length", null, "cable length used by `headroom: auto`")
                    .defaultDoc("each port's own cable (its delay at 5 ns/m)"),
            Key.choice("mode", List.of("timed", "xoff_xon"), "timed", "pause model: `timed` = an XOFF pauses the "
                    + "sender for `pause_quanta` and is refreshed while still congested; `xoff_xon` = an XOFF pauses "
                    + "until the XON (HPCC, htsim)").defaultDoc("`timed`; `hpcc2019`: `xoff_xon`"),
            Key.integer("pause_quanta", 1, PfcQuanta.MAX_QUANTA, PfcQuanta.MAX_QUANTA,
                    "time field of an XOFF, in quanta of 512 bit times").source("IEEE 802.1Qbb maximum"),
            Key.fraction("refresh", PfcTiming.DEFAULT_REFRESH_FRACTION, "while still congested, XOFF is re-sent every "
                    + "`refresh` × pause time")
                    .atLeast(1, "must be > 0: XOFF is re-sent every refresh x pause time, e.g. 0.5"),
            Key.section("watchdog", WATCHDOG, "`{enabled: false}`", "PFC watchdog on every switch port's lossless "
                    + "queues (`docs/switch.md`, \"PFC watchdog\")"),
            Key.time("response_time", null, "PFC response time of every switch port that receives a PAUSE: frames of "
                    + "the paused priority may still start for this long after the PAUSE's last bit arrived, and the one "
                    + "on the wire then finishes (IEEE 802.3 Annex 31B.3.7). `auto` = the standard's budget at the "
                    + "port's speed: 394 quanta = 2.02 µs at 100 Gb/s, 118 quanta = 1.51 µs at 40 G, 905 quanta = "
                    + "1.16 µs at 400 G (switch.md §2). `headroom: auto` includes it. XON acts at once")
                    .orAuto("auto or a time such as 2us (from a received PAUSE until no new frame starts)")
                    .atLeast(0, "must be >= 0 (or auto), e.g. 2us").defaultValue(Key.AUTO).source("IEEE 802.3"))
            .exclusive("give either dynamic_th or static_th, not both", "dynamic_th", "static_th")
            .exclusive("give either xon_offset (XON below the XOFF threshold, Broadcom style) or xon (an absolute "
                    + "XON level, Mellanox style), not both", "xon_offset", "xon");

    private PfcSchema() {
    }

    /** The default of {@code switch.pfc.NAME} (canonical units). */
    static Object dflt(String name) {
        return PFC.key(name).dflt();
    }

    /** The default of {@code switch.pfc.watchdog.NAME} (canonical units). */
    static Object watchdogDefault(String name) {
        return WATCHDOG.key(name).dflt();
    }

    /** As-written values of {@code switch.pfc} as settings (unset keys null, for {@link PfcSettings#resolved}). */
    public static PfcSettings settings(Values v) {
        Values w = v.nested("watchdog");
        WatchdogSettings wd = w == null ? null : new WatchdogSettings(w.bool("enabled"), w.number("detection_time"),
                w.number("restoration_time"), w.text("action"), w.number("poll_interval"));
        String headroom = v.isAuto("headroom") ? "auto" : v.number("headroom") == null ? null
                : Long.toString(v.number("headroom"));
        Long cableMm = v.number("cable_length");
        Long response = v.isAuto("response_time") ? (Long) PfcSettings.AUTO_RESPONSE : v.number("response_time");
        return new PfcSettings(v.bool("enabled"), v.ints("priorities"), v.integer("dynamic_th"),
                v.number("static_th"), headroom, v.number("xon_offset"), v.number("xon"), v.number("reserved"),
                v.text("pool"), cableMm == null ? null : (Double) (cableMm / 1000.0), v.text("mode"), v.integer("pause_quanta"),
                v.fraction("refresh"), wd, response);
    }

    /** {@code w} as values of {@code switch.pfc.watchdog}: its set fields. */
    public static Values values(WatchdogSettings w) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("enabled", w.enabled());
        o.put("detection_time", w.detectionTimePs());
        o.put("restoration_time", w.restorationTimePs());
        o.put("action", w.action());
        o.put("poll_interval", w.pollIntervalPs());
        return new Values(WATCHDOG, o);
    }

    /** {@code p} as values of {@code switch.pfc} (what the resolved scenario writes): its set fields. */
    public static Values values(PfcSettings p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("enabled", p.enabled());
        m.put("priorities", p.priorities());
        m.put("dynamic_th", p.dynamicTh());
        m.put("static_th", p.staticTh());
        m.put("headroom", p.headroom() == null ? null : p.headroomBytes() < 0 ? Key.AUTO : (Object) p.headroomBytes());
        m.put("xon_offset", p.xonOffset());
        m.put("xon", p.xon());
        m.put("reserved", p.reserved());
        m.put("pool", p.pool());
        m.put("cable_length", p.cableLength() == null ? null : Math.round(p.cableLength() * 1000));
        m.put("mode", p.mode());
        m.put("pause_quanta", p.pauseQuanta());
        m.put("refresh", p.refresh());
        m.put("watchdog", p.watchdog() == null ? null : values(p.watchdog()));
        m.put("response_time", p.responseTime() == null ? null
                : p.responseTime() == PfcSettings.AUTO_RESPONSE ? Key.AUTO : (Object) p.responseTime());
        return new Values(PFC, m);
    }
}
