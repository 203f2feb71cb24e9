package org.lossless.verbs.measure;

import java.util.List;

/**
 * A tool's {@code --help}: the options it accepts, so a plan can be checked against the installed version.
 *
 * @param options long option names without dashes ({@code tclass}, {@code out_json}, {@code rate_limit})
 *                and short ones as a single letter
 */
public record ToolHelp(String host, String tool, List<String> options) {
    public ToolHelp {
        options = List.copyOf(options);
    }
}
