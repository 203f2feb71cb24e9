package org.lossless.verbs.run;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.Source;
import org.lossless.verbs.measure.SwitchCounters;
import org.lossless.verbs.parse.ParseException;
import org.lossless.verbs.parse.Parsers;
import org.lossless.verbs.parse.TextInput;

/**
 * SONiC pause and queue counters of a run: after minus before, per port, kind and priority or queue. A counter
 * missing (or N/A) on either side, or one that went backwards (cleared during the run), is not available; a
 * row present on one side only is left out and named.
 */
final class SwitchDeltas {
    private SwitchDeltas() {
    }

    static void add(Path dir, String display, String host, SnapshotRecord before, SnapshotRecord after,
                    MeasurementBuilder b) {
        List<SwitchCounters> pre = parse(dir, display, host, before, b);
        List<SwitchCounters> post = after == null ? null : parse(dir, display, host, after, b);
        if (pre == null || post == null) {
            b.notAvailable.add(host + ": " + before.name() + " (" + String.join(" ", before.argv()) + ") not available"
                    + (before.exitCode() != 0 ? ": status " + before.exitCode() : after == null ? ": no 'after' snapshot" : ""));
            return;
        }
        Map<String, SwitchCounters> byKey = new LinkedHashMap<>();
        for (SwitchCounters c : pre) {
            byKey.put(key(c), c);
        }
        for (SwitchCounters a : post) {
            SwitchCounters z = byKey.get(key(a));
            if (z == null) {
                b.warnings.add(host + ": " + before.name() + " " + key(a) + " only after the run: left out");
                continue;
            }
            Map<String, Long> d = new LinkedHashMap<>();
            for (Map.Entry<String, Long> e : a.values().entrySet()) {
                Long p0 = z.values().get(e.getKey());
                Long p1 = e.getValue();
                if (p0 == null || p1 == null) {
                    d.put(e.getKey(), null);
                } else if (p1 < p0) {
                    b.warnings.add(host + ": " + before.name() + " " + key(a) + " " + e.getKey() + " went backwards (" + p0
                            + " -> " + p1 + "): cleared during the run, not available");
                    d.put(e.getKey(), null);
                } else {
                    d.put(e.getKey(), p1 - p0);
                }
            }
            b.switchCounters.add(new SwitchCounters(host, a.port(), a.kind(), a.index(), d));
        }
        b.sources.add(new Source(display + "/" + before.file(), "sonic-counters", host, "delta of " + before.name()));
    }

    private static String key(SwitchCounters c) {
        return c.port() + "/" + c.kind() + "/" + c.index();
    }

    private static List<SwitchCounters> parse(Path dir, String display, String host, SnapshotRecord s, MeasurementBuilder b) {
        String text = BundleReader.readOrNull(dir, display, s.file());
        if (text == null || text.isBlank()) {
            return null;
        }
        MeasurementBuilder one = new MeasurementBuilder();
        try {
            Parsers.parse(TextInput.of(display + "/" + s.file(), text), new Parsers.Origin(host, null, s.phase()), one);
        } catch (ParseException e) {
            b.errors.add(e.getMessage());
            return null;
        }
        b.warnings.addAll(one.warnings);
        return one.switchCounters;
    }
}
