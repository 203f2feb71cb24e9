package org.lossless.verbs.run;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.lossless.verbs.VerbsException;
import org.lossless.verbs.io.Contained;
import org.lossless.verbs.io.InputFiles;
import org.lossless.verbs.measure.BwResult;
import org.lossless.verbs.measure.CollectiveResult;
import org.lossless.verbs.measure.LatResult;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.MeasurementJson;
import org.lossless.verbs.measure.Source;
import org.lossless.verbs.measure.StorageResult;
import org.lossless.verbs.measure.VersionInfo;
import org.lossless.verbs.parse.CounterCanon;
import org.lossless.verbs.parse.CounterDump;
import org.lossless.verbs.parse.ParseException;
import org.lossless.verbs.parse.Parsers;
import org.lossless.verbs.parse.TextInput;

/**
 * A run bundle to one measurement record: every process's stdout parsed and attributed to its scenario
 * flows and host; counters as after-minus-before deltas per host (a counter missing on either side, or that
 * went backwards, is not available); DCQCN knobs and {@code mlnx_qos} from the "before" snapshot; versions
 * as text; the bundle's problems and every failed process as errors. Output a tool printed that cannot be
 * parsed is an error in the record, not a failure of the whole bundle.
 */
public final class BundleReader {
    private BundleReader() {
    }

    /** True when {@code dir} looks like a run bundle (holds bundle.json). */
    public static boolean isBundle(Path dir) {
        return Files.isRegularFile(dir.resolve(BundleInfo.FILE));
    }

    /**
     * The bundle's index. {@code bundle.json} must not be a link out of the bundle, and every file it lists must lie
     * inside the bundle ({@link Contained}); otherwise a {@link VerbsException} names the field.
     */
    public static BundleInfo info(Path dir, String display) {
        Path f = Contained.own(dir, BundleInfo.FILE, "the bundle", display);
        BundleInfo info;
        try {
            info = MeasurementJson.MAPPER.readValue(InputFiles.readString(f), BundleInfo.class);
        } catch (NoSuchFileException e) {
            throw new VerbsException(display + ": no " + BundleInfo.FILE + " (not a bundle written by 'lossless replay run')");
        } catch (JsonProcessingException e) {
            throw new VerbsException(display + "/" + BundleInfo.FILE + ": not a valid bundle index: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new VerbsException(display + "/" + BundleInfo.FILE + ": cannot be read: " + e.getMessage());
        }
        String where = display + "/" + BundleInfo.FILE + ": ";
        for (int i = 0; i < info.processes().size(); i++) {
            ProcessRecord p = info.processes().get(i);
            Contained.file(dir, p.stdout(), "the bundle", where + "processes[" + i + "].stdout");
            if (p.stderr() != null) {
                Contained.file(dir, p.stderr(), "the bundle", where + "processes[" + i + "].stderr");
            }
        }
        for (int i = 0; i < info.snapshots().size(); i++) {
            Contained.file(dir, info.snapshots().get(i).file(), "the bundle", where + "snapshots[" + i + "].file");
        }
        return info;
    }

    public static Measurement read(Path dir, String display) {
        MeasurementBuilder b = new MeasurementBuilder();
        addTo(dir, display, b);
        return b.build();
    }

    /** Adds the bundle's measurements to {@code b}. */
    public static void addTo(Path dir, String display, MeasurementBuilder b) {
        BundleInfo info = info(dir, display);
        if (info.formatVersion() != BundleInfo.FORMAT_VERSION) {
            throw new VerbsException(display + "/" + BundleInfo.FILE + ": format_version " + info.formatVersion()
                    + " is not supported");
        }
        for (String p : info.problems()) {
            b.errors.add(display + ": " + p);
        }
        for (ProcessRecord p : info.processes()) {
            process(dir, display, p, b);
        }
        Map<String, Map<String, SnapshotRecord>> pre = byHost(info, "pre");
        Map<String, Map<String, SnapshotRecord>> post = byHost(info, "post");
        for (SnapshotRecord v : info.snapshots()) {
            if (v.phase().equals("versions")) {
                version(dir, display, v, b);
            }
        }
        for (Map.Entry<String, Map<String, SnapshotRecord>> e : pre.entrySet()) {
            String host = e.getKey();
            Map<String, SnapshotRecord> after = post.getOrDefault(host, Map.of());
            for (SnapshotRecord before : e.getValue().values()) {
                switch (before.name()) {
                    case "ethtool_S", "rdma_counters" -> deltas(dir, display, host, before, after.get(before.name()), b);
                    case "sonic_pfc", "sonic_queue" -> SwitchDeltas.add(dir, display, host, before, after.get(before.name()), b);
                    default -> {
                        if (before.name().startsWith("sonic_")) {
                            // watermarks: maxima since they were last cleared, taken as read after the run
                            SnapshotRecord a = after.get(before.name());
                            if (a == null) {
                                b.notAvailable.add(host + ": " + before.name() + " not available: no 'after' snapshot");
                            } else {
                                setting(dir, display, host, a, b);
                            }
                        } else {
                            setting(dir, display, host, before, b);
                        }
                    }
                }
            }
        }
    }

    private static Map<String, Map<String, SnapshotRecord>> byHost(BundleInfo info, String phase) {
        Map<String, Map<String, SnapshotRecord>> m = new TreeMap<>();
        for (SnapshotRecord s : info.snapshots()) {
            if (s.phase().equals(phase)) {
                m.computeIfAbsent(s.host(), k -> new LinkedHashMap<>()).put(s.name(), s);
            }
        }
        return m;
    }

    private static void process(Path dir, String display, ProcessRecord p, MeasurementBuilder b) {
        String name = display + "/" + p.stdout();
        Path f = dir.resolve(p.stdout());
        String text = readOrNull(dir, display, p.stdout());
        if (text == null || text.isBlank()) {
            if (p.role().equals("client")) {
                b.errors.add(name + ": empty: client " + p.id() + " on " + p.host() + " produced no output"
                        + (p.exitCode() == null ? "" : " (status " + p.exitCode() + ")"));
            }
            return;
        }
        MeasurementBuilder one = new MeasurementBuilder();
        try {
            Parsers.parse(TextInput.read(f, name), new Parsers.Origin(p.host(), null, "process " + p.id()), one);
        } catch (ParseException e) {
            b.errors.add(e.getMessage());
            return;
        }
        Long flow = p.flowIds().size() == 1 ? p.flowIds().get(0) : null;
        b.sources.addAll(one.sources);
        for (BwResult r : one.flows) {
            b.flows.add(r.attributed(p.id(), flow, p.host(), p.role()));
        }
        for (LatResult r : one.latency) {
            b.latency.add(r.attributed(p.id(), flow, p.host(), p.role()));
        }
        b.values.addAll(one.values);
        for (CollectiveResult c : one.collectives) {
            b.collectives.add(c.attributed(p.id(), p.job()));
        }
        for (StorageResult r : one.storage) {
            b.storage.add(r.attributed(p.id() + "#" + r.jobName(), p.job(), p.host()));
        }
        b.errors.addAll(one.errors);
        b.warnings.addAll(one.warnings);
        if (p.exitCode() != null && p.exitCode() != 0) {
            b.errors.add(name + ": " + p.role() + " " + p.id() + " on " + p.host() + " ended with status " + p.exitCode());
        }
    }

    private static void version(Path dir, String display, SnapshotRecord v, MeasurementBuilder b) {
        String text = readOrNull(dir, display, v.file());
        if (v.name().endsWith("_help") && v.exitCode() == 0 && text != null && !text.isBlank()) {
            try {
                Parsers.parse(TextInput.of(display + "/" + v.file(), text), new Parsers.Origin(v.host(), null, "versions"), b);
            } catch (ParseException e) {
                b.warnings.add(e.getMessage());
            }
            return;
        }
        b.versions.add(new VersionInfo(v.host(), v.name(), v.exitCode() == 0 && text != null ? text.strip() : null,
                v.exitCode()));
    }

    private static void deltas(Path dir, String display, String host, SnapshotRecord before, SnapshotRecord after,
                               MeasurementBuilder b) {
        List<CounterDump> pre = dumps(dir, display, before, b);
        List<CounterDump> post = after == null ? null : dumps(dir, display, after, b);
        if (pre == null || post == null) {
            b.notAvailable.add(host + ": " + before.name() + " (" + String.join(" ", before.argv()) + ") not available"
                    + (before.exitCode() != 0 ? ": status " + before.exitCode() : after == null ? ": no 'after' snapshot" : ""));
            return;
        }
        List<CounterDump> out = new ArrayList<>();
        for (CounterDump a : post) {
            CounterDump z = pre.stream().filter(x -> x.kind() == a.kind() && java.util.Objects.equals(x.scope(), a.scope()))
                    .findFirst().orElse(null);
            if (z == null) {
                continue;
            }
            Map<String, Long> d = new TreeMap<>();
            for (Map.Entry<String, Long> e : a.values().entrySet()) {
                Long p0 = z.values().get(e.getKey());
                if (p0 == null) {
                    continue;
                }
                if (e.getValue() < p0) {
                    b.warnings.add(host + ": " + before.name() + " " + e.getKey() + " went backwards (" + p0 + " -> "
                            + e.getValue() + "): reset or wrapped, not available");
                    continue;
                }
                d.put(e.getKey(), e.getValue() - p0);
            }
            String scope = a.scope() != null ? a.scope() : before.scope();
            out.add(new CounterDump(a.kind(), scope, d));
        }
        b.sources.add(new Source(display + "/" + before.file(), "counters", host, "delta of " + before.name()));
        CounterCanon.add(b, host, before.name(), out);
    }

    private static List<CounterDump> dumps(Path dir, String display, SnapshotRecord s, MeasurementBuilder b) {
        String text = readOrNull(dir, display, s.file());
        if (s.exitCode() != 0 && (text == null || text.isBlank()) || text == null || text.isBlank()) {
            return null;
        }
        try {
            return Parsers.counterDumps(TextInput.of(display + "/" + s.file(), text), s.scope(), b.warnings);
        } catch (ParseException e) {
            b.errors.add(e.getMessage());
            return null;
        }
    }

    static void setting(Path dir, String display, String host, SnapshotRecord s, MeasurementBuilder b) {
        String text = readOrNull(dir, display, s.file());
        if (text == null || text.isBlank()) {
            b.notAvailable.add(host + ": " + s.name() + " (" + String.join(" ", s.argv()) + ") not available"
                    + (s.exitCode() != 0 ? ": status " + s.exitCode() : ""));
            return;
        }
        try {
            Parsers.parse(TextInput.of(display + "/" + s.file(), text), new Parsers.Origin(host, s.scope(), "before the run"), b);
        } catch (ParseException e) {
            b.errors.add(e.getMessage());
        }
    }

    /**
     * The text of the bundle's file {@code rel} (checked inside the bundle by {@link #info}), or null when it is
     * missing or cannot be read (not available); a file that is not a regular file of bounded size
     * ({@link InputFiles}) is bad input.
     */
    static String readOrNull(Path dir, String display, String rel) {
        try {
            return InputFiles.readString(dir.resolve(rel));
        } catch (InputFiles.NotReadable e) {
            throw new VerbsException(display + "/" + rel + ": " + e.getMessage());
        } catch (IOException e) {
            return null;
        }
    }
}
