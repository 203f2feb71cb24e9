package org.lossless.verbs.calibrate;

import java.util.HashMap;
import java.util.Map;

/**
 * Simulated metrics by scenario, overrides and seed. The simulator is deterministic, so a key simulated once
 * needs no second run: within one calibration every search, interval and misfit step that revisits a parameter
 * vector reads it from here. A cache may be shared by calibrations of the same runs (the synthetic-truth tests
 * do, over noise draws); results do not depend on it.
 */
public final class SimulationCache {
    private final Map<String, Map<String, Double>> map = new HashMap<>();

    Map<String, Double> get(String key) {
        return map.get(key);
    }

    void put(String key, Map<String, Double> metrics) {
        map.put(key, metrics);
    }

    /** Entries held. */
    public int size() {
        return map.size();
    }
}
