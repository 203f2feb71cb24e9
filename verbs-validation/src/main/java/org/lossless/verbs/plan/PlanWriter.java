package org.lossless.verbs.plan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.lossless.verbs.io.CsvText;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.verbs.io.ShellQuote;
import org.lossless.experiments.results.OutputRule;
import org.lossless.verbs.measure.MeasurementJson;

/**
 * Writes a plan directory: {@code plan.json} (what {@code lossless replay run} executes),
 * {@code scenario.resolved.yaml} (what {@code replay compare} simulates), {@code hosts.yaml} (as given),
 * {@code schedule.csv} (one row per process) and {@code hosts/<name>.sh} (each host's commands, for
 * reading), {@code approximations.txt}.
 */
public final class PlanWriter {
    /** The directory kind in its marker. */
    public static final String KIND = "replay-plan";
    public static final String PLAN = "plan.json";
    public static final String SCENARIO = "scenario.resolved.yaml";

    private PlanWriter() {
    }

    public static void write(Path dir, HardwarePlan plan, Scenario scenario, String hostsText) throws IOException {
        OutputRule.writeDirectory(dir, KIND, d -> {
            Files.writeString(d.resolve(PLAN), MeasurementJson.write(plan), StandardCharsets.UTF_8);
            Files.writeString(d.resolve(SCENARIO), ResolvedYaml.write(scenario), StandardCharsets.UTF_8);
            Files.writeString(d.resolve("hosts.yaml"), hostsText, StandardCharsets.UTF_8);
            Files.writeString(d.resolve("schedule.csv"), schedule(plan), StandardCharsets.UTF_8);
            Files.writeString(d.resolve("approximations.txt"), approximations(plan), StandardCharsets.UTF_8);
            Path hosts = Files.createDirectories(d.resolve("hosts"));
            for (HostPlan h : plan.hosts()) {
                Files.writeString(hosts.resolve(h.host().name() + ".sh"), script(plan, h), StandardCharsets.UTF_8);
            }
            for (SwitchPlan sw : plan.switches()) {
                StringBuilder sb = new StringBuilder("# switch " + sw.sw().name() + " (ssh " + sw.sw().ssh() + ")\n"
                        + "# For reading: 'lossless replay run' executes plan.json, not this file.\n\n# once, before\n");
                sw.versions().forEach(x -> sb.append(ShellQuote.join(x.argv())).append('\n'));
                sb.append("\n# counters, before and after\n");
                sw.counters().forEach(x -> sb.append(ShellQuote.join(x.argv())).append('\n'));
                Files.writeString(hosts.resolve(sw.sw().name() + ".sh"), sb.toString(), StandardCharsets.UTF_8);
            }
        });
    }

    static String schedule(HardwarePlan plan) {
        StringBuilder sb = new StringBuilder("process,host,role,output,start_offset_ns,flow_ids,command\n");
        for (ProcessSpec p : plan.processes()) {
            sb.append(CsvText.field(p.id())).append(',').append(CsvText.field(p.host())).append(',').append(p.role()).append(',')
                    .append(p.output()).append(',').append(p.startOffsetNs()).append(',')
                    .append(CsvText.field(String.join(" ", p.flowIds().stream().map(String::valueOf).toList()))).append(',')
                    .append(CsvText.field(command(p))).append('\n');
        }
        return sb.toString();
    }

    static String approximations(HardwarePlan plan) {
        StringBuilder sb = new StringBuilder();
        if (plan.approximations().isEmpty()) {
            sb.append("Every flow is replayed as the scenario states it.\n");
        }
        for (Approximation a : plan.approximations()) {
            sb.append(a.flowIds().isEmpty() ? (a.what().startsWith("job ") ? "" : "all flows: ") : "flow " + String.join(",",
                    a.flowIds().stream().map(String::valueOf).toList()) + ": ").append(a.what()).append(" -> ")
                    .append(a.instead()).append('\n');
        }
        for (String n : plan.notes()) {
            sb.append("note: ").append(n).append('\n');
        }
        return sb.toString();
    }

    /** The host's commands in execution order, quoted as the remote shell receives them (for reading). */
    static String script(HardwarePlan plan, HostPlan h) {
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(h.host().name()).append(" (scenario host ").append(h.host().scenarioHosts())
                .append(", ssh ").append(h.host().ssh()).append(")\n");
        sb.append("# For reading: 'lossless replay run' executes plan.json, not this file.\n\n# once, before\n");
        h.versions().forEach(s -> sb.append(ShellQuote.join(s.argv())).append('\n'));
        sb.append("\n# counters, before and after\n");
        h.counters().forEach(s -> sb.append(ShellQuote.join(s.argv())).append('\n'));
        sb.append("\n# servers (started first; each waits for its client)\n");
        for (ProcessSpec p : plan.processes()) {
            if (p.host().equals(h.host().name()) && p.server()) {
                sb.append(command(p)).append(" &   # ").append(p.id()).append(", flows ").append(p.flowIds()).append('\n');
            }
        }
        sb.append("\n# clients (at T0 + offset)\n");
        for (ProcessSpec p : plan.processes()) {
            if (p.host().equals(h.host().name()) && !p.server()) {
                sb.append(command(p)).append("   # ").append(p.id()).append(", T0 + ").append(p.startOffsetNs())
                        .append(" ns, flows ").append(p.flowIds()).append('\n');
            }
        }
        return sb.toString();
    }

    static String command(ProcessSpec p) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : new java.util.TreeMap<>(p.env()).entrySet()) {
            sb.append(ShellQuote.quote(e.getKey() + "=" + e.getValue())).append(' ');
        }
        return sb.append(ShellQuote.join(p.argv())).toString();
    }
}
