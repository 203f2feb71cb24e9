package org.lossless.workloads.spec;

import java.util.regex.Pattern;

/** What a scenario, workload, connection or result name may contain (they name files and CSV values). */
public final class Names {
    /** Letters, digits, '.', '_' and '-'. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

    private Names() {
    }

    /** True for names matching {@link #NAME} that are not only dots ({@code .} and {@code ..} are not directory names). */
    public static boolean valid(String name) {
        return name != null && NAME.matcher(name).matches() && !name.matches("\\.+");
    }
}
