package org.lossless.verbs.parse;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import org.lossless.verbs.measure.FioDirection;
import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.StorageResult;

/**
 * fio {@code --output-format=json}: one {@link StorageResult} per job. Units: {@code bw} is KiB/s,
 * {@code bw_bytes} B/s, {@code runtime} ms, latencies ns. Lines before the first '{' are fio warnings.
 */
final class FioJsonParser {
    private FioJsonParser() {
    }

    static void parse(TextInput in, MeasurementBuilder b) {
        JsonNode root = JsonText.parse(in);
        JsonNode jobs = root.get("jobs");
        if (jobs == null || !jobs.isArray()) {
            throw in.error(0, "fio JSON without a 'jobs' list");
        }
        String version = root.path("fio version").asText(null);
        int index = 0;
        for (JsonNode job : jobs) {
            String name = job.path("jobname").asText("job" + index);
            Map<String, String> options = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = job.path("job options").fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                options.put(e.getKey(), e.getValue().asText());
            }
            b.storage.add(new StorageResult(in.name() + "#" + name, name, version, options, job.path("error").asInt(0),
                    direction(in, job, "read"), direction(in, job, "write"), direction(in, job, "trim"), null, null));
            index++;
        }
        if (index == 0) {
            b.warnings.add(in.name() + ": fio JSON with an empty 'jobs' list");
        }
    }

    /** The direction's figures, or null when the job did no I/O that way. */
    private static FioDirection direction(TextInput in, JsonNode job, String dir) {
        JsonNode d = job.get(dir);
        if (d == null || d.isNull()) {
            return null;
        }
        long ios = d.path("total_ios").asLong(0);
        long bytes = d.path("io_bytes").asLong(-1);
        if (bytes < 0) {
            throw in.error(0, "fio job " + job.path("jobname").asText() + ": '" + dir + "' without io_bytes");
        }
        if (ios == 0 && bytes == 0) {
            return null;
        }
        double bw = d.has("bw_bytes") ? d.get("bw_bytes").asDouble() : d.path("bw").asDouble() * 1024;
        JsonNode lat = d.path("lat_ns").get("mean");
        return new FioDirection(bytes, bw, d.path("iops").asDouble(), d.path("runtime").asLong(),
                lat == null ? null : lat.asDouble(), percentiles(d.path("clat_ns")), ios, percentiles(d.path("lat_ns")));
    }

    /** The {@code percentile} object of a latency object, key as printed to ns. */
    private static Map<String, Long> percentiles(JsonNode latency) {
        Map<String, Long> pct = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = latency.path("percentile").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            pct.put(e.getKey(), e.getValue().asLong());
        }
        return pct;
    }
}
