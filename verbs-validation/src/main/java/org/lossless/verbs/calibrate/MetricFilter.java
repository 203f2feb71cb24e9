package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Which metrics enter the objective: glob patterns over metric names ({@code *} matches within one path
 * segment, {@code **} across segments), e.g. {@code flow/*}{@code /goodput_bps} or {@code host/*}{@code /cnp_sent}.
 * No pattern: every metric both sides have. Leave out metrics the runs cannot reproduce run to run (the
 * split of an incast between its flows is chaotic in the simulator as on hardware; their sum, CNP and ECN
 * counts and uncongested flows' goodput are not).
 */
public record MetricFilter(List<String> patterns) implements Predicate<String> {
    public static final MetricFilter ALL = new MetricFilter(List.of());

    public MetricFilter {
        patterns = List.copyOf(patterns);
    }

    @Override
    public boolean test(String metric) {
        if (patterns.isEmpty()) {
            return true;
        }
        for (Pattern p : compiled()) {
            if (p.matcher(metric).matches()) {
                return true;
            }
        }
        return false;
    }

    private List<Pattern> compiled() {
        List<Pattern> out = new ArrayList<>();
        for (String g : patterns) {
            StringBuilder re = new StringBuilder();
            for (int i = 0; i < g.length(); i++) {
                char c = g.charAt(i);
                if (c == '*' && i + 1 < g.length() && g.charAt(i + 1) == '*') {
                    re.append(".*");
                    i++;
                } else if (c == '*') {
                    re.append("[^/]*");
                } else {
                    re.append(Pattern.quote(String.valueOf(c)));
                }
            }
            out.add(Pattern.compile(re.toString()));
        }
        return out;
    }
}
