package org.lossless.verbs.measure;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reading numbers out of a tool's {@code key : value} header block. */
final class Header {
    private static final Pattern LEADING_INT = Pattern.compile("^(\\d+)");

    private Header() {
    }

    /** The leading integer of {@code header.get(key)} ("1024[B]" gives 1024), or null. */
    static Integer intValue(Map<String, String> header, String key) {
        String v = header.get(key);
        if (v == null) {
            return null;
        }
        Matcher m = LEADING_INT.matcher(v.strip());
        if (!m.find() || m.group(1).length() > 9) {
            return null;
        }
        return Integer.parseInt(m.group(1));
    }
}
