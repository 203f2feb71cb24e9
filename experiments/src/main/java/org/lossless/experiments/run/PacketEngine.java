package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.kernel.Kernel;
import org.lossless.core.net.PacketPool;
import org.lossless.nic.Flow;
import org.lossless.nic.FlowListener;
import org.lossless.nic.FlowTable;
import org.lossless.topology.Routes;

/** Runs one scenario at packet level and collects its results. */
public final class PacketEngine {

    /** Builds the network, runs it to the stop time or until every flow finished, and reports. */
    public RunResult run(EngineInput in) {
        long wallStart = System.nanoTime();
        Kernel kernel = new Kernel();
        PacketPool pool = new PacketPool();
        FlowTable flows = new FlowTable();
        for (FlowSpec s : in.flows()) {
            flows.add(new Flow(flows.size(), s.workload(), s.src(), s.dst(), s.sizeBytes(), s.startPs(), s.priority()));
        }
        Routes routes = Routes.shortestPaths(in.topology());
        FlowListener stopWhenDone = (flow, now) -> {
            if (flows.finishedCount() == flows.size()) {
                kernel.stop();
            }
        };
        PacketNetwork network = PacketNetwork.build(in.topology(), routes, kernel, pool, flows, in.nic(), stopWhenDone,
                in.seed());
        new FlowStarter(kernel, network, flows.all()).arm();
        if (flows.size() > 0) {
            kernel.runUntil(in.stopTimePs());
        }
        double wall = (System.nanoTime() - wallStart) / 1e9;
        IdealFct ideal = new IdealFct(in.topology(), routes);
        List<FlowResult> results = new ArrayList<>(flows.size());
        for (Flow f : flows.all()) {
            results.add(new FlowResult(f.id, f.workload, f.src, f.dst, f.priority, f.sizeBytes, f.startPs,
                    f.finishPs(), ideal.fctPs(f.src, f.dst, f.sizeBytes, in.nic().mtu())));
        }
        return new RunResult(kernel.now(), kernel.eventsExecuted(), wall, results, network.portResults(),
                0, 0, 0, 0, false, 0, 0);
    }
}
