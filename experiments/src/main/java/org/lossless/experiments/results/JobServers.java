package org.lossless.experiments.results;

import java.util.HashMap;
import java.util.Map;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.spec.WorkloadConfig;

/**
 * Where the collective jobs of a scenario sit when its fabric has multi-GPU servers ({@code gpus_per_server} &gt; 1):
 * a job's ranks are GPUs, so its {@code hosts} figure counts GPUs, and its busbw is per GPU. The result files
 * ({@code summary.json} {@code jobs[].servers}, {@code gpus_per_server}) and the console name the servers too, so
 * that "32 hosts" never reads as 32 NICs.
 */
public final class JobServers {
    private static final JobServers NONE = new JobServers(Map.of());

    /**
     * @param servers       distinct servers the job's GPUs are on
     * @param gpusPerServer GPUs of every server of the fabric (the job may use fewer of them)
     */
    public record Placement(int servers, int gpusPerServer) {
        public Placement {
            if (servers < 1 || gpusPerServer < 2) {
                throw new IllegalArgumentException("a placement on multi-GPU servers, got " + servers + " servers of "
                        + gpusPerServer + " GPUs");
            }
        }
    }

    private final Map<String, Placement> byJob;

    private JobServers(Map<String, Placement> byJob) {
        this.byJob = byJob;
    }

    /** The collective jobs of {@code s}, when its fabric's servers have several GPUs; empty otherwise. */
    public static JobServers of(Scenario s) {
        GpuServers servers = s.topology().gpuServers();
        if (servers == null || servers.gpusPerServer() < 2) {
            return NONE;
        }
        Map<String, Placement> m = new HashMap<>();
        for (WorkloadConfig w : s.workloads()) {
            if (w instanceof WorkloadConfig.Collective c) {
                CollectiveJob j = c.job();
                m.put(j.name(), new Placement(j.serverCount(), servers.gpusPerServer()));
            }
        }
        return new JobServers(m);
    }

    /** The placement of job {@code name}, or null (not a collective, or one-GPU hosts). */
    public Placement of(String name) {
        return byJob.get(name);
    }
}
