package org.lossless.nic.importers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Reads a dump of an mlx5 NIC's runtime DCQCN knobs, {@code /sys/class/net/<if>/ecn/roce_rp/*} and
 * {@code .../ecn/roce_np/*} (one value per file; reference hardware.md §3, dcqcn.md §4.2), into
 * scenario overrides on top of profile {@code mlx5}. Conversions (docs/dcqcn-import.md):
 * µs counts become times, Mb/s counts rates, 1/1024 weights fractions, {@code rpg_gd} the cut gain
 * 1024/2^gd, {@code rpg_byte_reset} 64-byte units (unverified), percentages fractions.
 */
public final class Mlx5SysfsImporter {
    /**
     * The import.
     *
     * @param settings       scenario key path to value, starting with {@code nic.dcqcn.profile: mlx5}
     * @param enabled        per direction ("roce_rp", "roce_np"), the priorities whose {@code enable/<p>} is 1
     * @param ignored        known files that map to no scenario key, with the reason
     * @param unknownFiles   files this importer does not know (relative paths)
     */
    public record Result(Map<String, String> settings, Map<String, List<Integer>> enabled,
                         Map<String, String> ignored, List<String> unknownFiles) {
    }

    private Mlx5SysfsImporter() {
    }

    /** Imports {@code dir}: the netdev directory (holding {@code ecn/}) or the {@code ecn} directory itself. */
    public static Result read(Path dir) throws IOException {
        Path ecn = Files.isDirectory(dir.resolve("ecn")) ? dir.resolve("ecn") : dir;
        Path rp = ecn.resolve("roce_rp");
        Path np = ecn.resolve("roce_np");
        if (!Files.isDirectory(rp) && !Files.isDirectory(np)) {
            throw new IllegalArgumentException(dir + ": no ecn/roce_rp or ecn/roce_np directory (expected a copy of"
                + " /sys/class/net/<if>/ecn or of the netdev directory holding it)");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("nic.dcqcn.profile", "mlx5");
        Map<String, List<Integer>> enabled = new TreeMap<>();
        Map<String, String> ignored = new TreeMap<>();
        List<String> unknown = new ArrayList<>();
        for (Path side : List.of(rp, np)) {
            if (!Files.isDirectory(side)) {
                continue;
            }
            String sideName = side.getFileName().toString();
            List<Path> files;
            try (Stream<Path> s = Files.list(side)) {
                files = s.sorted().toList();
            }
            for (Path f : files) {
                String name = f.getFileName().toString();
                String rel = sideName + "/" + name;
                if (Files.isDirectory(f)) {
                    if (name.equals("enable")) {
                        enabled.put(sideName, enabledPriorities(f));
                    } else {
                        unknown.add(rel + "/");
                    }
                    continue;
                }
                Mlx5Knob knob = Mlx5Knob.find(sideName, name);
                if (knob == null) {
                    unknown.add(rel);
                    continue;
                }
                long v = readUnsigned(f);
                if (knob.key() == null) {
                    ignored.put(rel, knob.reason());
                } else {
                    settings.put(knob.key(), knob.convert(v, f.toString()));
                }
            }
        }
        return new Result(settings, enabled, ignored, unknown);
    }

    private static List<Integer> enabledPriorities(Path dir) throws IOException {
        TreeSet<Integer> on = new TreeSet<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.sorted().toList()) {
                String n = f.getFileName().toString();
                if (!n.matches("[0-7]")) {
                    throw new IllegalArgumentException(f + ": expected files named 0..7 (one per priority)");
                }
                long v = readUnsigned(f);
                if (v > 1) {
                    throw new IllegalArgumentException(f + ": expected 0 or 1, got " + v);
                }
                if (v == 1) {
                    on.add(Integer.parseInt(n));
                }
            }
        }
        return List.copyOf(on);
    }

    /** Largest sysfs value file read (a value is a few digits). */
    static final long MAX_VALUE_FILE_BYTES = 4096;

    /**
     * One sysfs value: a regular file (never a FIFO or a link: a dump holds plain copies) of at most
     * {@value #MAX_VALUE_FILE_BYTES} bytes. Its content is quoted in an error only when it is a short printable
     * token, so an error never shows more of an arbitrary file.
     */
    static long readUnsigned(Path f) throws IOException {
        if (Files.isSymbolicLink(f)) {
            throw new IllegalArgumentException(f + ": is a symbolic link; a dump holds plain copies of the sysfs files");
        }
        String text = org.lossless.core.text.UserFiles.readText(f, f.toString(), MAX_VALUE_FILE_BYTES).trim();
        if (!text.matches("[0-9]{1,10}")) {
            boolean shortToken = text.length() <= 20 && text.matches("[\\x21-\\x7e]*");
            throw new IllegalArgumentException(f + ": expected one unsigned integer, got "
                + (shortToken ? "'" + text + "'" : text.length() + " characters of something else"));
        }
        long v = Long.parseLong(text);
        if (v > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException(f + ": value " + v + " does not fit the 32-bit field");
        }
        return v;
    }
}
