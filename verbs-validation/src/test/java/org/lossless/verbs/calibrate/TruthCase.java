package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.lossless.experiments.run.ScenarioEngine;

/**
 * A calibration case on synthetic truth: tiny scenarios (a 3-host star at 100 Gb/s, flows of 1-4 MB, or latency
 * probes) simulated with known values as the "hardware", each experiment repeated {@code repeats} times with its
 * own hardware seed and 2 % measurement noise, then calibrated. One noise draw is one such set of runs.
 *
 * @param name     for messages
 * @param fit      the fitted experiments (name, YAML, hosts, latency-probe flows)
 * @param held     the held-out experiments
 * @param truth    the hardware's values (overrides)
 * @param params   the fitted unknowns
 * @param repeats  runs per experiment
 * @param noise    relative measurement noise
 * @param cap      {@code --max-evaluations}
 */
record TruthCase(String name, List<Exp> fit, List<Exp> held, List<String> truth, List<String> params, int repeats,
                 double noise, int cap) {
    /** One experiment of a case. */
    record Exp(String name, String yaml, int hosts, Set<Long> latencyFlows) {
    }

    static final double NOISE = 0.02;

    static String incast(String a, String b, String extra) {
        return "name: incast\ntopology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}\n" + extra
                + "workloads: [{type: flows, flows: [{src: 1, dst: 0, size: " + a + "}, {src: 2, dst: 0, size: " + b + "}]}]\n";
    }

    /** Latency probes: three messages of the given sizes, 100 us apart, on an idle 2-host star. */
    static String probes(String extra, String a, String b, String c) {
        return "name: lat\ntopology: {type: star, hosts: 2, host_link: {rate: 100Gbps, delay: 1us}}\n" + extra
                + "workloads: [{type: flows, flows: [{src: 1, dst: 0, size: " + a + "}, {src: 1, dst: 0, size: " + b
                + ", start: 100us}, {src: 1, dst: 0, size: " + c + ", start: 200us}]}]\n";
    }

    /** The two 2-to-1 incasts fitted and the one held out by the congestion-control cases. */
    static List<Exp> incasts(String extra) {
        return List.of(new Exp("4MB+1MB", incast("4MB", "1MB", extra), 3, Set.of()),
                new Exp("2MB+2MB", incast("2MB", "2MB", extra), 3, Set.of()));
    }

    /** Held out: a 3-to-1 incast (degree 3, on a 4-host star) and latency probes of 256 B, 2 KB and 8 KB. */
    static List<Exp> heldIncast(String extra) {
        String yaml = "name: incast3\ntopology: {type: star, hosts: 4, host_link: {rate: 100Gbps, delay: 1us}}\n" + extra
                + "workloads: [{type: flows, flows: [{src: 1, dst: 0, size: 2MB}, {src: 2, dst: 0, size: 1MB},"
                + " {src: 3, dst: 0, size: 1MB}]}]\n";
        return List.of(new Exp("2MB+1MB+1MB", yaml, 4, Set.of()), new Exp("probes 256B-8KB", probes(extra, "256", "2KB", "8KB"),
                2, Set.of(0L, 1L, 2L)));
    }

    /** The hardware's runs of draw {@code draw}: fitted, then held out. */
    List<List<CalibrationRun>> runs(int draw) {
        List<CalibrationRun> f = new ArrayList<>();
        List<CalibrationRun> h = new ArrayList<>();
        int i = 0;
        for (Exp e : fit) {
            f.addAll(Synthetic.repeats(e.name(), e.yaml(), e.hosts(), e.latencyFlows(), truth, noise, repeats, draw, i++));
        }
        for (Exp e : held) {
            h.addAll(Synthetic.repeats(e.name(), e.yaml(), e.hosts(), e.latencyFlows(), truth, noise, repeats, draw, i++));
        }
        return List.of(f, h);
    }

    /** Calibrates draw {@code draw}, reusing {@code cache} (memoisation only: results do not depend on it). */
    CalibrationReport calibrate(int draw, SimulationCache cache) {
        List<List<CalibrationRun>> r = runs(draw);
        List<FitParameter> ps = new ArrayList<>();
        params.forEach(s -> ps.add(FitParameter.parse(s)));
        return new Calibrator(ScenarioEngine::new, null).calibrate(new Calibrator.Input(r.get(0), r.get(1), List.of(), null,
                ps, cap, MetricFilter.ALL, null, null, Calibrator.DEFAULT_PRECISION, cache));
    }

    // ---- the cases of the calibration suite (docs/validation.md, H-12) ----

    /** The DCQCN rate-increase timer (truth 75 us) from the two incasts. */
    static TruthCase timer() {
        return new TruthCase("timer", incasts(""), heldIncast(""), List.of("nic.dcqcn.rate_increase_timer=75us"),
                List.of("nic.dcqcn.rate_increase_timer=20us..1ms@300us"), 3, NOISE, 150);
    }

    /** Step ECN marking (kmin = kmax, every packet above 100 KB marked): the simulation no longer depends on the seed. */
    static final String STEP_MARKING = "switch: {ecn: {kmin: 100KB, kmax: 100KB, pmax: 1}}\n";

    /**
     * A well-posed timer fit (truth 75 us): the same incasts with step marking, so the hardware's only noise is the
     * 2 % of measurement and every CNP of the loop is the model's.
     */
    static TruthCase timerStepMarking() {
        return new TruthCase("timer, step marking", incasts(STEP_MARKING), heldIncast(STEP_MARKING),
                List.of("nic.dcqcn.rate_increase_timer=75us"), List.of("nic.dcqcn.rate_increase_timer=20us..1ms@300us"), 3,
                NOISE, 150);
    }

    /** DCQCN additive increase (paper2015 profile, truth 40 Mb/s) from the same incasts. */
    static TruthCase additiveIncrease() {
        String p = "nic: {dcqcn: {profile: paper2015}}\n";
        return new TruthCase("additive increase", incasts(p), heldIncast(p), List.of("nic.dcqcn.additive_increase=40Mbps"),
                List.of("nic.dcqcn.additive_increase=1Mbps..400Mbps@10Mbps"), 3, NOISE, 150);
    }

    /** The hardware has a 4 us CNP delay and a 1 us switch latency the model lacks; only the timer is fitted. */
    static TruthCase hiddenDelays() {
        return new TruthCase("hidden delays", incasts(""), heldIncast(""), List.of("nic.dcqcn.rate_increase_timer=75us",
                "nic.dcqcn.cnp_delay=4us", "switch.latency=1us"), List.of("nic.dcqcn.rate_increase_timer=20us..1ms@300us"), 3,
                NOISE, 150);
    }

    /** CNP delay (truth 4 us) and switch latency (truth 1 us) fitted together from incasts only. */
    static TruthCase cnpDelayAndSwitchLatency() {
        return new TruthCase("CNP delay and switch latency", incasts(""), heldIncast(""), List.of("nic.dcqcn.cnp_delay=4us",
                "switch.latency=1us"), List.of("nic.dcqcn.cnp_delay=0us..20us@1us", "switch.latency=0us..2us@200ns"), 3, NOISE,
                400);
    }

    /** The same with the runs the report asks for added: latency probes of 64 B, 1 KB and 4 KB. */
    static TruthCase cnpDelayAndSwitchLatencyWithProbes() {
        List<Exp> fit = new ArrayList<>(incasts(""));
        fit.add(new Exp("probes 64B-4KB", probes("", "64", "1KB", "4KB"), 2, Set.of(0L, 1L, 2L)));
        return new TruthCase("CNP delay and switch latency, with probes", fit, heldIncast(""), List.of("nic.dcqcn.cnp_delay=4us",
                "switch.latency=1us"), List.of("nic.dcqcn.cnp_delay=0us..20us@1us", "switch.latency=0us..2us@200ns"), 3, NOISE,
                400);
    }

    /**
     * The CNP-generation delay (receiver, truth 4 us) and the reaction delay (sender, truth 1.5 us) fitted together from
     * the incasts (rate-increase timer 120 us): they add up on one congestion loop, so only their sum is in the runs.
     */
    static TruthCase cnpAndReactionDelays() {
        String x = "nic: {dcqcn: {rate_increase_timer: 120us}}\n";
        return new TruthCase("CNP and reaction delays", incasts(x), heldIncast(x), List.of("nic.dcqcn.cnp_delay=4us",
                "nic.dcqcn.reaction_delay=1500ns"), List.of("nic.dcqcn.cnp_delay=0us..20us@1us",
                "nic.dcqcn.reaction_delay=0us..20us@1us"), 3, NOISE, 300);
    }

    /** The truth of fitted key {@code key}, in its human unit. */
    double truthOf(String key) {
        for (String t : truth) {
            if (t.startsWith(key + "=")) {
                FitParameter p = params.stream().map(FitParameter::parse).filter(x -> x.key().equals(key)).findFirst()
                        .orElseThrow();
                String v = t.substring(key.length() + 1);
                return p.inHumanUnit(switch (p.kind()) {
                    case "time" -> org.lossless.core.units.Units.parseTime(v);
                    case "rate" -> org.lossless.core.units.Units.parseRate(v);
                    default -> Double.parseDouble(v);
                });
            }
        }
        throw new IllegalArgumentException(key + " has no truth in " + name);
    }
}
