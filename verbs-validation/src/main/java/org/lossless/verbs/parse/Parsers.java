package org.lossless.verbs.parse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.SingleValue;
import org.lossless.verbs.measure.Source;

/** Parses files of any supported format into one measurement record ({@code lossless replay parse FILE...}). */
public final class Parsers {
    private Parsers() {
    }

    /**
     * Where a text comes from, for the record.
     *
     * @param host   lab host, or null
     * @param scope  the interface or device the text is about (ethtool -S, mlnx_qos), or null
     * @param detail e.g. "pre snapshot", or null
     */
    public record Origin(String host, String scope, String detail) {
        public static final Origin NONE = new Origin(null, null, null);
    }

    /** Parses every file (in order) into one record. */
    public static Measurement parseFiles(List<Path> files, List<String> names) {
        MeasurementBuilder b = new MeasurementBuilder();
        for (int i = 0; i < files.size(); i++) {
            parse(TextInput.read(files.get(i), names.get(i)), Origin.NONE, b);
        }
        return b.build();
    }

    /** Detects the format of {@code in} and adds what it holds to {@code b}; returns the format. */
    public static Format parse(TextInput in, Origin origin, MeasurementBuilder b) {
        Format f = FormatDetector.detect(in);
        b.sources.add(new Source(in.name(), f.id(), origin.host(), origin.detail()));
        switch (f) {
            case PERFTEST -> PerftestParser.parse(in, b);
            case PERFTEST_JSON -> PerftestJsonParser.parse(in, b);
            case PERFTEST_VALUE -> b.values.add(new SingleValue(in.name(), null, origin.host(),
                    Double.parseDouble(in.line(in.lastNonBlank()).strip()), "unknown"));
            case TOOL_HELP -> ToolHelpParser.parse(in, origin.host(), b);
            case NCCL_TESTS -> NcclTestsParser.parse(in, b);
            case FIO_JSON -> FioJsonParser.parse(in, b);
            case COUNTERS -> CounterCanon.add(b, origin.host(), in.name(),
                    List.of(CounterListParser.read(in, origin.scope(), b.warnings)));
            case SYSFS -> CounterCanon.add(b, origin.host(), in.name(), SysfsDumpParser.read(in, b.warnings));
            case MLNX_QOS -> MlnxQosParser.parse(in, origin.host(), origin.scope(), b);
            case MLXCONFIG -> MlxconfigParser.parse(in, origin.host(), b);
            case SONIC_COUNTERS -> SonicCountersParser.parse(in, origin.host(), b);
            case SONIC_CONFIG_DB -> SonicConfigParser.parse(in, origin.host(), b);
            case PG_PROFILE_LOOKUP -> PgProfileLookupParser.parse(in, origin.host(), b);
            default -> throw new IllegalStateException("no parser for " + f);
        }
        return f;
    }

    /** Counter dumps of a counter-like text (ethtool -S, hw_counters, sysfs dump) without adding records; for deltas. */
    public static List<CounterDump> counterDumps(TextInput in, String scope, List<String> warnings) {
        Format f = FormatDetector.detect(in);
        return switch (f) {
            case COUNTERS -> new ArrayList<>(List.of(CounterListParser.read(in, scope, warnings)));
            case SYSFS -> SysfsDumpParser.read(in, warnings);
            default -> throw in.error(0, "expected counters (ethtool -S, hw_counters or a sysfs dump), found " + f.description());
        };
    }
}
