package org.lossless.workloads.spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.lossless.core.net.MessageSize;
import org.lossless.core.settings.Values;
import org.lossless.workloads.datacenter.CdfConfig;
import org.lossless.workloads.datacenter.FlowSizeCdf;
import org.lossless.workloads.datacenter.IncastOverlay;
import org.lossless.workloads.datacenter.TrafficMatrix;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioFiles;

/** Reads a {@code type: cdf} workload (docs/scenario.md, "cdf"). */
final class CdfReader {
    static final String[] KEYS = DatacenterSchema.CDF.names();

    private CdfReader() {
    }

    static DatacenterWorkloads.Cdf read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(KEYS);
        String name = WorkloadReader.workloadName(w.key("name"), "cdf-" + index);
        Cursor distKey = w.key("distribution");
        if (!distKey.present()) {
            throw distKey.error("is required: " + String.join(", ", FlowSizeCdf.NAMES) + ", or a distribution file "
                    + "('<size bytes> <cumulative percent>' per line)");
        }
        String dist = distKey.text("a distribution name or file");
        FlowSizeCdf cdf;
        String builtIn = null;
        Path file = null;
        if (FlowSizeCdf.BUILT_IN.containsKey(dist)) {
            builtIn = dist;
            cdf = FlowSizeCdf.builtIn(dist);
        } else {
            file = distKey.file();
            if (!java.nio.file.Files.exists(file) && !dist.contains("/") && !dist.contains(".")) {
                throw distKey.error("'" + dist + "' is neither a built-in distribution (" + String.join(", ",
                        FlowSizeCdf.NAMES) + ") nor an existing file" + org.lossless.core.text.DidYouMean.hint(dist,
                        FlowSizeCdf.NAMES));
            }
            String text = ScenarioFiles.readText(distKey, file, "a flow-size distribution");
            Path f = file;
            cdf = TrafficKeys.build(distKey, () -> FlowSizeCdf.parse(f.getFileName().toString(), text,
                    f.getFileName().toString()));
        }
        List<Integer> hosts = HostLists.read(w.key("hosts"), topology, HostLists.all(topology.hostCount()), "all");
        if (hosts.size() < 2) {
            throw w.key("hosts").error("needs at least 2 hosts");
        }
        Values v = TrafficSchema.read(w, DatacenterSchema.CDF);
        double load = (Double) TrafficSchema.required(w, v, "load", " (a fraction of the link rate in (0, 1], e.g. 0.3)");
        long duration = (Long) TrafficSchema.required(w, v, "duration", ": how long flows keep arriving, e.g. 5ms");
        long start = v.number("start");
        Cursor matrixKey = w.key("matrix");
        Path matrixFile = null;
        double[][] weights = null;
        if (matrixKey.present()) {
            if (matrixKey.isList()) {
                weights = inlineMatrix(matrixKey, hosts.size());
            } else {
                matrixFile = matrixKey.file();
                weights = fileMatrix(matrixKey, matrixFile, hosts.size());
            }
        }
        double[][] m = weights;
        TrafficMatrix matrix = m == null ? null : TrafficKeys.build(matrixKey, () -> new TrafficMatrix(m));
        IncastOverlay incast = incast(w.key("incast"), v.nested("incast"), hosts.size());
        int priority = TrafficSchema.priority(v, defaultPriority);
        int dscp = TrafficSchema.dscp(v, priority);
        int qps = v.integer("qps");
        CdfConfig cfg = TrafficKeys.build(w, () -> new CdfConfig(name, cdf, hosts, load, start, duration, matrix, incast,
                priority, qps, dscp));
        return new DatacenterWorkloads.Cdf(cfg, builtIn, file, matrixFile, weights);
    }

    /** {@code incast} ({@code v} as read through {@link DatacenterSchema#CDF_INCAST}, or null when absent). */
    private static IncastOverlay incast(Cursor c, Values v, int hosts) {
        if (v == null) {
            return null;
        }
        int senders = (Integer) TrafficSchema.required(c, v, "senders", ": senders per incast event, e.g. 60");
        if (senders > hosts - 1) {
            throw c.key("senders").error(senders + " senders need " + (senders + 1) + " hosts; the workload has " + hosts);
        }
        MessageSize size = MessageSize.of((Long) TrafficSchema.required(c, v, "size", " (a size such as 500KB)"));
        boolean hasLoad = c.key("load").present();
        boolean hasInterval = c.key("interval").present();
        if (hasLoad == hasInterval) {
            throw (hasLoad ? c.key("interval") : c.key("load")).error(hasLoad
                    ? "give either load or interval, not both"
                    : "is required (or interval): the incast bytes as a fraction of the summed host link rates, e.g. 0.02");
        }
        if (hasLoad) {
            return new IncastOverlay(senders, size, v.fraction("load"), 0);
        }
        return new IncastOverlay(senders, size, 0, v.number("interval"));
    }

    private static double[][] inlineMatrix(Cursor c, int n) {
        List<Cursor> rows = c.list();
        if (rows.size() != n) {
            throw c.error("has " + rows.size() + " rows; the workload has " + n + " hosts, so it needs " + n);
        }
        double[][] m = new double[n][];
        for (int i = 0; i < n; i++) {
            Cursor row = rows.get(i);
            List<Cursor> cells = row.list();
            if (cells.size() != n) {
                throw row.error("has " + cells.size() + " weights; it needs " + n + " (one per host)");
            }
            m[i] = new double[n];
            for (int j = 0; j < n; j++) {
                m[i][j] = weight(cells.get(j));
            }
        }
        return m;
    }

    private static double weight(Cursor c) {
        String t = c.text("a weight >= 0");
        try {
            double v = Double.parseDouble(t.strip());
            if (v >= 0 && Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw c.error("expected a weight >= 0, got '" + t + "'");
    }

    /** A matrix file: one row per line, weights separated by spaces or commas; '#' starts a comment. */
    private static double[][] fileMatrix(Cursor key, Path file, int n) {
        String text = ScenarioFiles.readText(key, file, "a traffic matrix");
        List<double[]> rows = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].replaceAll("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("[\\s,]+");
            String where = file.getFileName() + " line " + (i + 1);
            if (f.length != n) {
                throw key.error(where + ": " + f.length + " weights; the workload has " + n + " hosts, so each row needs " + n);
            }
            double[] row = new double[n];
            for (int j = 0; j < n; j++) {
                try {
                    row[j] = Double.parseDouble(f[j]);
                } catch (NumberFormatException e) {
                    row[j] = -1;
                }
                if (!(row[j] >= 0) || Double.isInfinite(row[j])) {
                    throw key.error(where + ": weight '" + f[j] + "' is not a number >= 0");
                }
            }
            rows.add(row);
        }
        if (rows.size() != n) {
            throw key.error(file.getFileName() + " has " + rows.size() + " rows; the workload has " + n + " hosts");
        }
        return rows.toArray(new double[0][]);
    }
}
