package org.lossless.verbs.plan;

import java.util.regex.Pattern;

/**
 * What host names, user names, interface names and paths from a hosts file may contain. Everything passes
 * to ssh as quoted arguments anyway; these rules catch typos and hostile strings ({@code a;rm -rf ~},
 * {@code -oProxyCommand=...}) early, with a clear message.
 */
public final class Names {
    /** A DNS name or IPv4 address: letters, digits, dots and dashes, not starting with a dash. */
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})");
    /** An IPv6 literal. */
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    private static final Pattern USER = Pattern.compile("[a-z_][a-z0-9_.-]{0,31}");
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]{0,63}");
    private static final Pattern PATH = Pattern.compile("[A-Za-z0-9_./~+-]{1,4096}");

    private Names() {
    }

    /** Null when {@code s} is a valid ssh host (name, IPv4 or IPv6 literal); else why not. */
    public static String hostProblem(String s) {
        if (s == null || s.isEmpty()) {
            return "is empty";
        }
        if (HOST.matcher(s).matches() || IPV6.matcher(s).matches() && s.length() <= 45) {
            return null;
        }
        return "'" + Printable.of(s) + "' is not a host name or IP address (letters, digits, '.', '-', not starting with '-')";
    }

    /** Null when {@code s} is a valid user name; else why not. */
    public static String userProblem(String s) {
        return s != null && USER.matcher(s).matches() ? null
                : "'" + Printable.of(s) + "' is not a user name (lower-case letters, digits, '_', '.', '-')";
    }

    /** Null when {@code s} is a valid label (lab host name, device, interface, tool name); else why not. */
    public static String labelProblem(String s) {
        return s != null && LABEL.matcher(s).matches() ? null
                : "'" + Printable.of(s) + "' may contain only letters, digits, '.', '_' and '-'";
    }

    /** Null when {@code s} is a plain path (no spaces or shell characters); else why not. */
    public static String pathProblem(String s) {
        return s != null && PATH.matcher(s).matches() ? null
                : "'" + Printable.of(s) + "' is not a plain path (letters, digits, '/', '.', '_', '-', '+', '~')";
    }

    /** Text shown in a message: control characters escaped. */
    static final class Printable {
        private Printable() {
        }

        static String of(String s) {
            if (s == null) {
                return "null";
            }
            StringBuilder sb = new StringBuilder();
            for (char c : s.toCharArray()) {
                sb.append(c < 0x20 || c == 0x7f ? String.format("\\x%02x", (int) c) : String.valueOf(c));
            }
            return sb.toString();
        }
    }
}
