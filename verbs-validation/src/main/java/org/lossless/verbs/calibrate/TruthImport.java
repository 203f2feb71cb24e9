package org.lossless.verbs.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.nic.importers.Mlx5SysfsImporter;
import org.lossless.switchmodel.sonic.SonicImport;
import org.lossless.switchmodel.sonic.SonicImporter;
import org.lossless.verbs.VerbsException;
import org.lossless.verbs.measure.BwResult;
import org.lossless.verbs.measure.DcqcnKnobs;
import org.lossless.verbs.measure.LatResult;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.VersionInfo;

/**
 * Stage 1: what the hardware states, as scenario settings. From the runs themselves: the NIC's runtime
 * DCQCN knobs (sysfs, read before the run, converted as {@code lossless import mlx5} does), the active MTU
 * perftest reports when it is below the scenario's, and the lab link speed when it is below the scenario's
 * (the replay then ran at the lab's rate; above it, the plan limited the rate to the scenario's). From
 * files: an mlx5 sysfs dump ({@code --nic-dump}) and a SONiC CONFIG_DB ({@code --switch-config}).
 */
public final class TruthImport {
    private static final Pattern SPEED = Pattern.compile("Speed:\\s*(\\d+)Mb/s");

    private TruthImport() {
    }

    /** Settings and notes (disagreements between hosts, values left alone). */
    public record Result(List<Truth> truths, List<String> notes) {
    }

    /** What the runs' own records state. */
    public static Result fromRuns(List<CalibrationRun> runs) {
        List<Truth> truths = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (runs.isEmpty()) {
            return new Result(truths, notes);
        }
        Measurement m = runs.get(0).measured();
        Scenario s = runs.get(0).scenario(List.of());
        DcqcnKnobs first = null;
        for (DcqcnKnobs k : m.dcqcn()) {
            if (!k.source().equals("sysfs")) {
                continue;
            }
            if (first == null) {
                first = k;
                truths.addAll(dcqcn(k));
            } else if (!first.values().equals(k.values())) {
                notes.add("DCQCN knobs differ between " + first.host() + " and " + k.host() + "; " + first.host() + "'s are used");
            }
        }
        Integer mtu = activeMtu(m);
        if (mtu != null && mtu < s.nic().mtu()) {
            truths.add(Truth.of("nic.mtu", mtu.toString(), "perftest header Mtu (the active path MTU)"));
        }
        for (VersionInfo v : m.versions()) {
            if (v.name().equals("ethtool_link") && v.text() != null) {
                Matcher sm = SPEED.matcher(v.text());
                if (sm.find() && s.topology().hostLink() != null) {
                    long bps = Long.parseLong(sm.group(1)) * 1_000_000L;
                    if (bps < s.topology().hostLink().rateBps()) {
                        truths.add(Truth.of("topology.host_link.rate", sm.group(1) + "Mbps", v.host() + " ethtool "
                                + "(link speed below the scenario's: the replay ran at it)"));
                    }
                    break;
                }
            }
        }
        return new Result(truths, notes);
    }

    private static Integer activeMtu(Measurement m) {
        for (BwResult r : m.flows()) {
            if (r.headerInt("Mtu") != null) {
                return r.headerInt("Mtu");
            }
        }
        for (LatResult r : m.latency()) {
            if (r.headerInt("Mtu") != null) {
                return r.headerInt("Mtu");
            }
        }
        return null;
    }

    /** The sysfs knobs through the mlx5 importer (a temporary copy of the ecn directory). */
    private static List<Truth> dcqcn(DcqcnKnobs k) {
        try {
            Path dir = Files.createTempDirectory("lossless-ecn");
            try {
                for (Map.Entry<String, Long> e : k.values().entrySet()) {
                    Path f = dir.resolve(e.getKey());
                    if (!f.normalize().startsWith(dir)) {
                        continue;
                    }
                    Files.createDirectories(f.getParent());
                    Files.writeString(f, e.getValue() + "\n");
                }
                for (int p : k.rpPriorities()) {
                    Files.createDirectories(dir.resolve("roce_rp/enable"));
                    Files.writeString(dir.resolve("roce_rp/enable/" + p), "1\n");
                }
                return settings(Mlx5SysfsImporter.read(dir).settings(), k.host() + " sysfs ecn (before the run)");
            } finally {
                try (var walk = Files.walk(dir)) {
                    for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            return List.of(new Truth("nic.dcqcn", "", k.host() + " sysfs ecn", false, "not imported: " + e.getMessage()));
        }
    }

    /** An mlx5 sysfs dump directory ({@code --nic-dump}). */
    public static List<Truth> fromNicDump(Path dir, String display) {
        try {
            return settings(Mlx5SysfsImporter.read(dir).settings(), display);
        } catch (IOException | IllegalArgumentException e) {
            throw new VerbsException(display + ": " + e.getMessage());
        }
    }

    /** A SONiC CONFIG_DB ({@code --switch-config}): the whole {@code switch} section, as the importer writes it. */
    public static List<Truth> fromSwitchConfig(Path file, String display) {
        SonicImport imp;
        try {
            imp = SonicImporter.importFile(file);
        } catch (IllegalArgumentException e) {
            throw new VerbsException(e.getMessage());
        }
        try {
            JsonNode sw = new YAMLMapper().readTree(imp.toYaml()).get("switch");
            return List.of(Truth.of("switch", new ObjectMapper().writeValueAsString(sw), display + " (SONiC CONFIG_DB)"));
        } catch (IOException e) {
            throw new IllegalStateException("the SONiC importer wrote YAML it cannot read back", e);
        }
    }

    private static List<Truth> settings(Map<String, String> settings, String source) {
        List<Truth> out = new ArrayList<>();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            out.add(Truth.of(e.getKey(), e.getValue(), source));
        }
        return out;
    }
}
