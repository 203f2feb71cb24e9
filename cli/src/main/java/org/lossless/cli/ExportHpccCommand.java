package org.lossless.cli;

import org.lossless.experiments.results.FlowExport;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.TopologyConfig;
import org.lossless.topology.Topology;
import org.lossless.topology.io.HpccExport;
import org.lossless.topology.io.HpccFlow;
import org.lossless.topology.io.HpccFlowFile;
import org.lossless.topology.io.HpccTopologyFile;
import org.lossless.workloads.datacenter.HpccFlows;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.nic.Verb;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code lossless export hpcc SCENARIO --out DIR}: the scenario's topology and flows as the HPCC ns-3
 * simulator's {@code topology.txt}, {@code flow.txt} and {@code trace.txt}.
 *
 * <p>Mapping: node ids are the topology's (hosts first for every built-in type); a flow's priority is
 * its priority group; dport 200 for incast messages and 100 for the rest (HPCC's tags,
 * {@link org.lossless.workloads.datacenter.HpccFlows}); start = scenario start + 2 s (HPCC's
 * convention, undone by {@code hpcc-flows}' default {@code time_origin}); per-link error rates of an
 * {@code hpcc-file} topology are kept, other topologies have none.
 */
@Command(name = "hpcc", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Writes the scenario's topology and flows as the HPCC ns-3 simulator's input files: "
                + "topology.txt, flow.txt (flows sorted by start; start = scenario start + 2 s; priority group = "
                + "priority; dport 200 for incast messages, else 100) and trace.txt (traces nothing).",
            "The HPCC config file (switch and NIC settings) is not written: name these files in it as "
                + "TOPOLOGY_FILE, FLOW_FILE and TRACE_FILE."})
final class ExportHpccCommand implements Callable<Integer> {
    /** The result kind of an export directory ({@link org.lossless.experiments.results.OutputRule}). */
    static final String KIND = "hpcc-export";
    private final Context ctx;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (YAML), see docs/scenario.md.")
    Path scenario;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Directory for the three files: "
            + "created, or replaced if it is a previous export (a folder holding anything else is refused).")
    Path out;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a scenario key. Repeatable.")
    List<String> sets = new ArrayList<>();

    ExportHpccCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        Scenario s = RunCommand.load(ctx, scenario, sets, null);
        EngineInput in = ScenarioEngine.input(s);
        Topology t = in.topology();
        // the messages the workloads post (the same programs as a run, without the network)
        List<Message> messages = FlowExport.record(in);
        List<HpccFlow> flows = HpccFlows.of(t, messages);
        long multiQp = 0;
        long notWrite = 0;
        long ownDscp = 0;
        for (Message m : messages) {
            ConnectionOptions o = m.connection().options();
            multiQp += o.qps() > 1 ? 1 : 0;
            ownDscp += o.resolvedDscp() != org.lossless.core.net.Dscp.ofPriority(o.priority()) ? 1 : 0;
            notWrite += m.op() != Verb.WRITE ? 1 : 0;
        }
        double[] errorRates = s.topology() instanceof TopologyConfig.HpccFile h
                ? h.file().imported().errorRates() : new double[t.cables().size()];
        List<String> warnings = new ArrayList<>();
        if (notWrite > 0) {
            warnings.add(notWrite + " SEND or READ message(s) exported as flows from the payload's sender to its "
                    + "receiver (HPCC's flow file has WRITE-like flows only)");
        }
        if (multiQp > 0) {
            // the HPCC simulator's flow file has one QP per flow
            warnings.add(multiQp + " flow(s) with qps > 1 exported as one QP each (HPCC's flow file has no QP count)");
        }
        if (ownDscp > 0) {
            warnings.add(ownDscp + " flow(s) marked with a DSCP other than 8 x priority exported with their priority "
                    + "only (HPCC's flow file has no DSCP; its switches classify by priority group)");
        }
        String topology = HpccTopologyFile.format(t, errorRates, warnings);
        String flowText = HpccFlowFile.format(flows, warnings);
        Path dir = ctx.resolve(out);
        OutputFiles.directory(dir, KIND, d -> {
            Files.writeString(d.resolve(HpccExport.TOPOLOGY_FILE), topology, StandardCharsets.UTF_8);
            Files.writeString(d.resolve(HpccExport.FLOW_FILE), flowText, StandardCharsets.UTF_8);
            // HPCC does not check that the trace file opened: it must exist; "0" traces nothing
            Files.writeString(d.resolve(HpccExport.TRACE_FILE), "0\n", StandardCharsets.UTF_8);
        });
        for (String w : warnings) {
            ctx.err().println("lossless: warning: " + w);
        }
        ctx.out().printf("wrote %s: %s (%d nodes, %d links), %s (%d flows), %s%n", dir, HpccExport.TOPOLOGY_FILE,
                t.nodes().size(), t.cables().size(), HpccExport.FLOW_FILE, flows.size(), HpccExport.TRACE_FILE);
        ctx.out().flush();
        ctx.err().flush();
        return 0;
    }
}
