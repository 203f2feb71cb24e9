package org.lossless.core.text;

/**
 * Text from a user's file or argument, made safe to echo in a one-line message: control characters
 * (newline, tab, escape, NUL, ...) and Unicode bidirectional or invisible format characters (which can make a
 * terminal show something else than what is there) are written as {@code \\uXXXX} (newline, tab, carriage
 * return as {@code \\n}, {@code \\t}, {@code \\r}), and the excerpt is cut to {@link #MAX} characters with
 * "..." so that an error never echoes more than a short excerpt of a file.
 */
public final class Printable {
    /** Longest excerpt shown, characters (after escaping). */
    public static final int MAX = 60;

    private Printable() {
    }

    /** {@code s} escaped and cut to {@link #MAX} characters; "null" for null. */
    public static String of(String s) {
        return of(s, MAX);
    }

    /** {@code s} escaped and cut to {@code max} characters. */
    public static String of(String s, int max) {
        if (s == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(Math.min(s.length(), max) + 8);
        for (int i = 0; i < s.length() && sb.length() < max; ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            switch (cp) {
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (unsafe(cp)) {
                        sb.append(String.format("\\u%04X", cp));
                    } else {
                        sb.appendCodePoint(cp);
                    }
                }
            }
            if (sb.length() >= max && i < s.length()) {
                sb.setLength(max);
                sb.append("...");
                break;
            }
        }
        return sb.toString();
    }

    /**
     * {@code s} with control and bidi characters escaped (as {@link #of}), not cut: for messages whose
     * parts were already limited (a key path, a file name).
     */
    public static String escape(String s) {
        return s == null ? "null" : of(s, Integer.MAX_VALUE - 8);
    }

    /** Quoted text ('...') longer than this is cut by {@link #message}. */
    public static final int MAX_QUOTED = 80;

    /**
     * A whole error message made safe to print: control and bidi characters escaped ({@link #escape}) and every
     * single-quoted excerpt longer than {@link #MAX_QUOTED} characters cut with "...", so a message quotes a
     * token of the user's input, never a file.
     */
    public static String message(String m) {
        // quoted excerpts are consumed left to right in pairs, so the text between two short quoted tokens is
        // never taken for a quotation
        return QUOTED.matcher(escape(m)).replaceAll(q -> java.util.regex.Matcher.quoteReplacement(
                q.group(1).length() > MAX_QUOTED ? "'" + q.group(1).substring(0, MAX_QUOTED) + "...'" : q.group()));
    }

    private static final java.util.regex.Pattern QUOTED = java.util.regex.Pattern.compile("'([^'\\n]*)'");

    /** Control, format (bidi overrides, zero-width), unassigned, private-use and lone surrogate code points. */
    static boolean unsafe(int cp) {
        int t = Character.getType(cp);
        return Character.isISOControl(cp) || t == Character.FORMAT || t == Character.UNASSIGNED
                || t == Character.PRIVATE_USE || t == Character.SURROGATE
                || t == Character.LINE_SEPARATOR || t == Character.PARAGRAPH_SEPARATOR;
    }
}
