package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;

/**
 * {@code telemetry.flow_rates} ids that a run never posted. With generated workloads (collectives, storage,
 * incast, permutation, cdf) flow ids are message ids given as the run posts them, so the scenario reader
 * cannot check them; this says afterwards which asked-for ids got no rows in {@code timeseries/rates.csv}.
 */
public final class FlowRateIds {
    private FlowRateIds() {
    }

    /** One warning naming the ids of {@code s}'s flow_rates list beyond the flows {@code r} posted, or none. */
    public static List<String> unposted(Scenario s, RunResult r) {
        var rates = s.telemetry().flowRates();
        if (rates.all() || rates.none()) {
            return List.of();
        }
        long posted = r.flows().size();
        List<Long> missing = new ArrayList<>();
        for (long id : rates.items()) {
            if (id >= posted) {
                missing.add(id);
            }
        }
        if (missing.isEmpty()) {
            return List.of();
        }
        String ids = missing.size() == 1 ? "flow " + missing.get(0) + " was"
                : "flows " + String.join(", ", missing.stream().map(String::valueOf).toList()) + " were";
        String range = posted == 0 ? "no messages" : String.format(Locale.ROOT, "%,d messages (flow ids 0 to %,d)",
                posted, posted - 1);
        return List.of("telemetry.flow_rates: " + ids + " never posted: the run's workloads posted " + range
                + ", so timeseries/rates.csv has no rows for " + (missing.size() == 1 ? "it" : "them")
                + "; take ids from a previous run's flows.csv");
    }
}
