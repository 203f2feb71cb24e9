package org.lossless.switchmodel.settings;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.lossless.switchmodel.pfc.WatchdogConfig;

/**
 * {@code switch.pfc.watchdog} (new key; SONiC {@code PFC_WD}, reference §6). Defaults (sonic-utilities):
 * detection 200 ms, restoration 200 ms, action drop, poll 200 ms.
 *
 * @param enabled            whether the watchdog runs
 * @param detectionTimePs    stormed after this long paused without progress, ps
 * @param restorationTimePs  restored after this long without PFC frames, ps
 * @param action             {@code drop}, {@code forward} or {@code alert}
 * @param pollIntervalPs     polling period, ps
 */
public record WatchdogSettings(Boolean enabled, Long detectionTimePs, Long restorationTimePs, String action,
                               Long pollIntervalPs) {
    public static final Set<String> ACTIONS = Set.copyOf(PfcSchema.WATCHDOG.key("action").choices());
    /** sonic-utilities defaults: 200 ms detection, restoration and poll, action drop. */
    public static final long DEFAULT_TIME_PS = (Long) PfcSchema.watchdogDefault("detection_time");
    public static final String DEFAULT_ACTION = (String) PfcSchema.watchdogDefault("action");

    public WatchdogSettings {
        if (action != null && !ACTIONS.contains(action)) {
            throw new IllegalArgumentException("switch.pfc.watchdog.action must be drop, forward or alert, got '" + action + "'");
        }
        for (Long t : new Long[] {detectionTimePs, restorationTimePs, pollIntervalPs}) {
            if (t != null && t <= 0) {
                throw new IllegalArgumentException("switch.pfc.watchdog times must be > 0, got " + t + " ps");
            }
        }
    }

    /** A copy with every unset value filled: enabled true, 200 ms, drop, 200 ms (restoration 2 x detection if only detection is set). */
    public WatchdogSettings resolved() {
        long det = detectionTimePs == null ? (Long) PfcSchema.watchdogDefault("detection_time") : detectionTimePs;
        long rest = restorationTimePs != null ? restorationTimePs : detectionTimePs != null ? 2 * det
                : (Long) PfcSchema.watchdogDefault("restoration_time");
        return new WatchdogSettings(enabled == null ? (Boolean) PfcSchema.watchdogDefault("enabled") : enabled, det,
                rest, action == null ? DEFAULT_ACTION : action,
                pollIntervalPs == null ? (Long) PfcSchema.watchdogDefault("poll_interval") : pollIntervalPs);
    }

    /**
     * The model's watchdog ({@link org.lossless.switchmodel.SwitchNode#enableWatchdog}) for the lossless
     * {@code priorities}, or null when disabled. Unset values take {@link #resolved()}'s defaults.
     */
    public WatchdogConfig config(List<Integer> priorities) {
        WatchdogSettings r = resolved();
        if (!r.enabled()) {
            return null;
        }
        int mask = 0;
        for (int p : priorities) {
            mask |= 1 << p;
        }
        return new WatchdogConfig(r.detectionTimePs(), r.restorationTimePs(), r.pollIntervalPs(),
                WatchdogConfig.Action.of(r.action()), mask);
    }

    /**
     * The watchdog of switches built from {@code s}, or null: off when {@code switch.pfc.watchdog} is absent
     * or disabled, or PFC is off. Watched priorities: {@code switch.pfc.priorities} (default [3]).
     */
    public static WatchdogConfig of(SwitchSettings s) {
        PfcSettings pfc = s.pfc();
        if (pfc == null || pfc.watchdog() == null || Boolean.FALSE.equals(pfc.enabled())) {
            return null;
        }
        return pfc.watchdog().config(pfc.priorities() == null ? MmuFactory.DEFAULT_PRIORITIES : pfc.priorities());
    }

    public Map<String, Object> toMap() {
        return Put.values(PfcSchema.values(this));
    }
}
