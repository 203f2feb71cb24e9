package org.lossless.experiments.lint;

/**
 * How much a {@link Finding} matters. Every lint today finds settings that are legal but will not behave as meant
 * (the run goes ahead): {@link #WARNING}. An enum, not a flag, so a future kind is a new value in
 * {@code warnings.json}'s {@code severity}, not a new format.
 */
public enum Severity {
    /** Legal but likely not what the user meant: printed as {@code lossless: warning: ...}; fails {@code check --strict}. */
    WARNING;

    /** The name in {@code warnings.json}. */
    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The severity named {@code s} in {@code warnings.json}. */
    public static Severity ofJson(String s) {
        for (Severity v : values()) {
            if (v.json().equals(s)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown severity '" + s + "'");
    }
}
