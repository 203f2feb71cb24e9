package org.lossless.experiments.scenario;

import org.lossless.core.settings.Values;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.SectionReader;

import java.util.ArrayList;
import java.util.List;

/** Reads {@code telemetry} through {@link TelemetrySchema}: sample interval, queue, flow-rate and link selections, the PFC event log switch. */
final class TelemetryReader {
    private TelemetryReader() {
    }

    /** @param flowCount flows the workloads define, or -1 when generated workloads number theirs as they run */
    static TelemetryConfig read(Cursor c, long flowCount) {
        Values written = SectionReader.read(c, TelemetrySchema.TELEMETRY); // null when absent
        Values v = TelemetrySchema.TELEMETRY.resolve(written == null ? Values.empty(TelemetrySchema.TELEMETRY) : written);
        return new TelemetryConfig(v.number("sample_interval"),
                ports(c.key("queues"), "queue", "switch:port", "sw0:0"), flowRates(c.key("flow_rates"), flowCount),
                v.bool("pfc"), ports(c.key("links"), "port", "node:port", "sw0:0 or h1:0"));
    }

    /** A selection of ports; {@code what} ("queue" or "port"), {@code form} and {@code example} word the errors. */
    private static TelemetryConfig.Selection<TelemetryConfig.QueueRef> ports(Cursor c, String what, String form,
                                                                             String example) {
        if (!c.present()) {
            return TelemetryConfig.Selection.everything();
        }
        if (!c.isList()) {
            return allOrNone(c, "all, none or a list of \"" + form + "\" such as [\"sw0:0\"]");
        }
        List<TelemetryConfig.QueueRef> refs = new ArrayList<>();
        for (Cursor item : c.list()) {
            String t = item.text("a \"" + form + "\" such as " + example);
            int colon = t.lastIndexOf(':');
            if (colon <= 0 || !t.substring(colon + 1).matches("\\d{1,9}")) {
                throw item.error("'" + t + "' is not a " + what + ": expected \"" + form + "\" such as " + example);
            }
            refs.add(new TelemetryConfig.QueueRef(t.substring(0, colon), Integer.parseInt(t.substring(colon + 1))));
        }
        return TelemetryConfig.Selection.of(refs);
    }

    private static TelemetryConfig.Selection<Long> flowRates(Cursor c, long flowCount) {
        if (!c.present()) {
            return TelemetryConfig.Selection.nothing();
        }
        if (!c.isList()) {
            return allOrNone(c, "all, none or a list of flow ids such as [0, 1]");
        }
        List<Long> ids = new ArrayList<>();
        for (Cursor item : c.list()) {
            long id = item.integer(0, Long.MAX_VALUE);
            if (flowCount >= 0 && id >= flowCount) {
                throw item.error("flow " + id + " does not exist: the workloads define " + flowCount
                        + " flows, numbered 0 to " + (flowCount - 1));
            }
            ids.add(id);
        }
        return TelemetryConfig.Selection.of(ids);
    }

    private static <T> TelemetryConfig.Selection<T> allOrNone(Cursor c, String expected) {
        String t = c.text(expected);
        switch (t) {
            case "all":
                return TelemetryConfig.Selection.everything();
            case "none":
                return TelemetryConfig.Selection.nothing();
            default:
                throw c.error("'" + t + "' is not allowed: expected " + expected);
        }
    }
}
