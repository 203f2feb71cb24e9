package org.lossless.verbs.io;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Quoting for a POSIX shell (the remote login shell ssh hands the command to): an argument of only safe
 * characters stays as it is, anything else goes in single quotes with each {@code '} written as
 * {@code '\''}. The result is read back by the shell as exactly the original argument, whatever it holds.
 */
public final class ShellQuote {
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellQuote() {
    }

    public static String quote(String arg) {
        if (!arg.isEmpty() && SAFE.matcher(arg).matches()) {
            return arg;
        }
        return "'" + arg.replace("'", "'\\''") + "'";
    }

    /** The arguments quoted and joined by spaces: one command line for {@code sh -c}. */
    public static String join(List<String> argv) {
        StringBuilder sb = new StringBuilder();
        for (String a : argv) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(quote(a));
        }
        return sb.toString();
    }
}
