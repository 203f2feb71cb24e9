package org.lossless.experiments.sweep;

import org.lossless.workloads.yaml.ScenarioException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One point of a sweep: a name (the folder {@code points/<name>/}) and the scenario keys it sets, in order.
 *
 * @param name   {@code [A-Za-z0-9._=+-]+}, not starting with '.'
 * @param values key path -> value text, applied like {@code --set KEY=VALUE} in this order
 */
public record SweepPoint(String name, Map<String, String> values) {
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_=+-][A-Za-z0-9._=+-]*");
    static final int MAX_NAME = 120;

    public SweepPoint {
        if (name == null || !NAME.matcher(name).matches() || name.length() > MAX_NAME) {
            throw new ScenarioException("sweep point name '" + name + "': use 1 to " + MAX_NAME
                    + " of the characters A-Z a-z 0-9 . _ = + - (not starting with '.')");
        }
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The overrides of this point, as {@code KEY=VALUE} options. */
    public List<String> sets() {
        List<String> out = new ArrayList<>();
        values.forEach((k, v) -> out.add(k + "=" + v));
        return out;
    }
}
