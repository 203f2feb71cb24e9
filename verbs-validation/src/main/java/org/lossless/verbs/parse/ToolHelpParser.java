package org.lossless.verbs.parse;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.ToolHelp;

/**
 * A tool's {@code --help} in the perftest style ("Usage:" then option lines {@code -x, --long=<arg>} or
 * {@code --long}): the option names it accepts, so a plan can be checked against the installed version.
 */
final class ToolHelpParser {
    private static final Pattern OPTION = Pattern.compile("^\\s+(?:-([A-Za-z0-9]),\\s+)?--([A-Za-z0-9][\\w-]*)");
    private static final Pattern SHORT_ONLY = Pattern.compile("^\\s+-([A-Za-z0-9])[\\s,]");

    private ToolHelpParser() {
    }

    static boolean looksLike(TextInput in) {
        boolean usage = false;
        int options = 0;
        for (String l : in.lines()) {
            usage |= l.strip().equals("Usage:");
            options += OPTION.matcher(l).find() ? 1 : 0;
        }
        return usage && options >= 3;
    }

    static void parse(TextInput in, String host, MeasurementBuilder b) {
        String tool = null;
        Set<String> options = new LinkedHashSet<>();
        for (int i = 1; i <= in.size(); i++) {
            String l = in.line(i);
            if (l.strip().equals("Usage:") && i < in.size()) {
                String[] next = in.line(i + 1).strip().split("\\s+");
                tool = next.length > 0 && !next[0].isEmpty() ? next[0] : null;
            }
            Matcher m = OPTION.matcher(l);
            if (m.find()) {
                if (m.group(1) != null) {
                    options.add(m.group(1));
                }
                options.add(m.group(2));
                continue;
            }
            Matcher s = SHORT_ONLY.matcher(l);
            if (s.find()) {
                options.add(s.group(1));
            }
        }
        b.toolHelp.add(new ToolHelp(host, tool, new ArrayList<>(options)));
    }
}
