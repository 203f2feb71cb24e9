package org.lossless.verbs.calibrate;

/**
 * A setting the hardware states (stage 1), applied to every run and never fitted.
 *
 * @param key     scenario key path
 * @param value   its value as {@code --set} text
 * @param source  where it was read (e.g. "node-a sysfs ecn/roce_rp/rpg_time_reset", "perftest header Mtu")
 * @param applied false when the scenario refused it; {@code note} says why
 */
public record Truth(String key, String value, String source, boolean applied, String note) {
    public static Truth of(String key, String value, String source) {
        return new Truth(key, value, source, true, null);
    }

    /** The override text. */
    public String set() {
        return key + "=" + value;
    }
}
