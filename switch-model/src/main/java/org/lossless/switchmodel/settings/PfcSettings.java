package org.lossless.switchmodel.settings;

import org.lossless.core.settings.Key;
import org.lossless.core.units.Units;

import java.util.List;
import java.util.Map;



/**
 * {@code switch.pfc}. Contract keys: enabled, priorities, dynamic_th | static_th, headroom (auto or bytes),
 * xon_offset. New keys: xon (absolute, Mellanox style; exclusive with xon_offset), reserved (per-PG
 * guaranteed bytes), pool, cable_length (for headroom auto), mode (timed | xoff_xon), pause_quanta,
 * refresh (fraction of the pause time), watchdog, response_time (time from a received XOFF until the switch's
 * port starts no new frame of that priority).
 *
 * @param headroom     null or {@code auto}: computed; otherwise bytes
 * @param responseTime PFC response time of every switch port, ps; {@link #AUTO_RESPONSE} = the IEEE 802.3
 *                     budget at each port's speed (the default); null = not set
 */
public record PfcSettings(Boolean enabled, List<Integer> priorities, Integer dynamicTh, Long staticTh, String headroom,
                          Long xonOffset, Long xon, Long reserved, String pool, Double cableLength, String mode,
                          Integer pauseQuanta, Double refresh, WatchdogSettings watchdog, Long responseTime) {
    /** {@code response_time: auto}: the IEEE 802.3 budget at the port's speed (394 quanta = 2.02 us at 100 Gb/s). */
    public static final long AUTO_RESPONSE = PortSpec.AUTO_RESPONSE;

    /** Without {@code response_time} (unset: auto). */
    public PfcSettings(Boolean enabled, List<Integer> priorities, Integer dynamicTh, Long staticTh, String headroom,
                       Long xonOffset, Long xon, Long reserved, String pool, Double cableLength, String mode,
                       Integer pauseQuanta, Double refresh, WatchdogSettings watchdog) {
        this(enabled, priorities, dynamicTh, staticTh, headroom, xonOffset, xon, reserved, pool, cableLength, mode,
                pauseQuanta, refresh, watchdog, null);
    }

    public PfcSettings {
        if (responseTime != null && responseTime < AUTO_RESPONSE) {
            throw new IllegalArgumentException("switch.pfc.response_time must be auto or a time >= 0, got "
                    + responseTime + " ps");
        }
        priorities = priorities == null ? null : List.copyOf(priorities);
        if (priorities != null) {
            for (int p : priorities) {
                if (p < 0 || p > 7) {
                    throw new IllegalArgumentException("switch.pfc.priorities must be in 0..7, got " + p);
                }
            }
        }
        if (dynamicTh != null && staticTh != null) {
            throw new IllegalArgumentException("switch.pfc: set dynamic_th or static_th, not both");
        }
        if (xonOffset != null && xon != null) {
            throw new IllegalArgumentException("switch.pfc: set xon_offset (Broadcom style) or xon (Mellanox style), not both");
        }
        if (headroom != null && !headroom.equals("auto")) {
            Units.forKey("switch.pfc.headroom", headroom, Units::parseSize);
        }
        if (mode != null && !mode.equals("timed") && !mode.equals("xoff_xon")) {
            throw new IllegalArgumentException("switch.pfc.mode must be timed or xoff_xon, got '" + mode + "'");
        }
    }

    /**
     * These settings with {@code switch.flow_control} applied: PFC on exactly the classes {@code lossless} (on when
     * any, off when none: then the priorities stay as given). Every other key is kept; the scenario reader has
     * checked that {@code lossless} does not contradict the given {@code enabled} and {@code priorities}.
     */
    public PfcSettings withLossless(List<Integer> lossless) {
        boolean on = !lossless.isEmpty();
        return new PfcSettings(on, on ? lossless : priorities, dynamicTh, staticTh, headroom, xonOffset, xon, reserved,
                pool, cableLength, mode, pauseQuanta, refresh, watchdog, responseTime);
    }

    /** Nothing set. */
    public static final PfcSettings UNSET = new PfcSettings(null, null, null, null, null, null, null, null, null, null,
            null, null, null, null);

    /**
     * Every default filled in (the defaults of {@link PfcSchema}): enabled, priorities [3], dynamic_th -3 unless
     * static_th is set, headroom auto, xon_offset 2 KB unless xon is set, reserved 0, pool {@code defaultPool},
     * mode timed ({@code xoff_xon} for hpcc2019), pause_quanta 65535, refresh 0.5, watchdog
     * {@link WatchdogSettings#resolved()} (disabled when absent), response_time auto. cable_length stays as
     * given: unset means "each port's own cable".
     *
     * @param defaultPool the first ingress pool when {@code switch.pools} is set, else null (the implicit pool)
     */
    public PfcSettings resolved(boolean hpcc2019, String defaultPool) {
        WatchdogSettings wd = watchdog != null ? watchdog
                : new WatchdogSettings(false, null, null, null, null);
        return new PfcSettings(enabled == null ? (Boolean) PfcSchema.dflt("enabled") : enabled,
                priorities == null ? MmuFactory.DEFAULT_PRIORITIES : priorities,
                staticTh == null ? (dynamicTh == null ? (Integer) PfcSchema.DYNAMIC_TH.dflt() : dynamicTh) : null,
                staticTh, headroom == null ? (String) PfcSchema.dflt("headroom") : headroom,
                xon == null ? (xonOffset == null ? (Long) MmuFactory.DEFAULT_XON_OFFSET : xonOffset) : null, xon,
                reserved == null ? (Long) PfcSchema.dflt("reserved") : reserved, pool == null ? defaultPool : pool,
                cableLength, mode == null ? (hpcc2019 ? "xoff_xon" : (String) PfcSchema.dflt("mode")) : mode,
                pauseQuanta == null ? (Integer) PfcSchema.dflt("pause_quanta") : pauseQuanta,
                refresh == null ? (Double) PfcSchema.dflt("refresh") : refresh, wd.resolved(),
                responseTime == null ? AUTO_RESPONSE : responseTime);
    }

    /** The switch ports' PFC response time at {@code rateBps}, ps: as set, or the IEEE budget (auto, unset). */
    public long responsePs(long rateBps) {
        return responseTime == null || responseTime == AUTO_RESPONSE
                ? org.lossless.switchmodel.headroom.PeerResponse.budgetPs(rateBps) : responseTime;
    }

    /** Headroom bytes, or -1 for auto/unset. */
    public long headroomBytes() {
        return headroom == null || headroom.equals("auto") ? -1 : Units.forKey("switch.pfc.headroom", headroom, Units::parseSize);
    }

    public Map<String, Object> toMap() {
        return Put.values(PfcSchema.values(this));
    }
}
