package org.lossless.verbs.calibrate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.Set;
import java.util.TreeMap;

import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.verbs.compare.ReplayCompare;
import org.lossless.verbs.measure.BwResult;
import org.lossless.verbs.measure.BwSample;
import org.lossless.verbs.measure.LatResult;
import org.lossless.verbs.measure.LatSample;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.RdmaCounters;

/** "Hardware" runs made by the simulator with chosen parameter values, plus seeded multiplicative noise. */
final class Synthetic {
    private Synthetic() {
    }

    static ReplayCompare.Naming naming(int hosts, Set<Long> latencyFlows) {
        Map<Integer, String> names = new TreeMap<>();
        for (int h = 0; h < hosts; h++) {
            names.put(h, "h" + h);
        }
        return new ReplayCompare.Naming(names, latencyFlows);
    }

    /** The run as the simulator gives it with {@code truth} applied, every figure times (1 + N(0, noise)). */
    static CalibrationRun run(String name, String yaml, int hosts, Set<Long> latencyFlows, List<String> truth, double noise,
                              long seed) {
        return run(name, yaml, hosts, latencyFlows, truth, noise, seed, null);
    }

    /**
     * Like {@link #run(String, String, int, Set, List, double, long)}, the "hardware" simulated with its own scenario seed
     * {@code hwSeed} (null: the scenario's): its random ECN marking is one realisation, not the model's.
     */
    static CalibrationRun run(String name, String yaml, int hosts, Set<Long> latencyFlows, List<String> truth, double noise,
                              long seed, Long hwSeed) {
        ReplayCompare.Naming naming = naming(hosts, latencyFlows);
        List<String> sets = new ArrayList<>(truth);
        if (hwSeed != null) {
            sets.add("seed=" + hwSeed);
        }
        Measurement clean = ReplayCompare.simulate(ScenarioLoader.parse(name, yaml, Path.of("."), sets), new ScenarioEngine(),
                naming);
        SplittableRandom rnd = new SplittableRandom(seed); // well-mixed even for neighbouring seeds (java.util.Random is not)
        List<BwResult> flows = new ArrayList<>();
        for (BwResult r : clean.flows()) {
            double g = r.goodputBps() * (1 + noise * rnd.nextGaussian());
            BwSample s = r.samples().get(0);
            flows.add(new BwResult(r.id(), r.flowId(), r.host(), r.role(), r.test(), false, false, Map.of(), r.unit(), g,
                    List.of(new BwSample(s.sizeBytes(), 1, null, g, s.msgRateMpps(), null, null, Map.of()))));
        }
        List<LatResult> lat = new ArrayList<>();
        for (LatResult r : clean.latency()) {
            double t = r.samples().get(0).tTypicalUs() * (1 + noise * rnd.nextGaussian());
            LatSample s = r.samples().get(0);
            lat.add(new LatResult(r.id(), r.flowId(), r.host(), r.role(), r.test(), Map.of(),
                    List.of(new LatSample(s.sizeBytes(), 1000, t, t, t, t, 0.0, t, t, null))));
        }
        List<RdmaCounters> rdma = new ArrayList<>();
        for (RdmaCounters r : clean.rdma()) {
            Map<String, Long> v = new LinkedHashMap<>();
            r.values().forEach((k, x) -> v.put(k, x == null ? null : Math.round(x * (1 + noise * rnd.nextGaussian()))));
            rdma.add(new RdmaCounters(r.host(), r.device(), r.port(), v));
        }
        Measurement noisy = new Measurement(1, List.of(), flows, lat, List.of(), List.of(), List.of(), clean.ports(), rdma,
                List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
        return new CalibrationRun(name, yaml, Path.of("."), noisy, naming);
    }

    /**
     * {@code k} repeats of experiment {@code exp} for noise draw {@code draw}: each simulated with its own hardware
     * seed (10^6 + 1000 x draw + 10 x exp + i: never one of the model's, never shared with another experiment or
     * draw) and its own measurement noise.
     */
    static List<CalibrationRun> repeats(String name, String yaml, int hosts, Set<Long> latencyFlows, List<String> truth,
                                        double noise, int k, int draw, int exp) {
        List<CalibrationRun> out = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            out.add(run(name + (k > 1 ? "#" + (i + 1) : ""), yaml, hosts, latencyFlows, truth, noise,
                    7919L * draw + 131L * exp + 31L * i + 1, 1_000_000L + 1000L * draw + 10L * exp + i));
        }
        return out;
    }
}
