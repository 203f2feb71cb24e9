package org.lossless.verbs.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.collective.Algorithm;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.traffic.ConnectionOptions;

/**
 * Collective jobs become one nccl-tests run each, launched by Open MPI's {@code mpirun} on the lab host of rank
 * 0 at the job's start time: {@code mpirun -np N -H a:k,b:k -x NCCL_... <binary> -b S -e S -f 2 -g 1 -n I -w 5}
 * (one process, one GPU per rank). The NCCL environment pins the device list, GID index, traffic class, QPs per
 * connection, channels, and the algorithm and protocol where the scenario fixes them; it is set on the launching
 * host and exported to every rank with {@code -x}. What nccl-tests cannot do is listed.
 */
public final class CollectiveContributor implements PlanContributor {
    @Override
    public boolean handles(WorkloadConfig w) {
        return w instanceof WorkloadConfig.Collective;
    }

    /** Collective messages get flow ids as they are posted; nccl-tests measures the job, not its messages. */
    @Override
    public long flowCount(WorkloadConfig w) {
        return 0;
    }

    @Override
    public void contribute(WorkloadConfig w, long firstFlowId, PlanContext ctx) {
        CollectiveJob job = ((WorkloadConfig.Collective) w).job();
        String what = "job " + job.name();
        List<LabHost> ranks = new ArrayList<>();
        for (int r : job.ranks()) {
            int nic = job.servers().nicOf(r);
            ranks.add(ctx.labHost(nic, what + " rank on host " + nic));
        }
        LabHost launcher = ranks.get(0);
        // mpirun places ranks slot by slot: -H a:2,b:2 puts ranks 0,1 on a and 2,3 on b
        Map<String, Integer> slots = new LinkedHashMap<>();
        boolean grouped = true;
        String last = null;
        for (LabHost h : ranks) {
            if (!h.ssh().equals(last) && slots.containsKey(h.ssh())) {
                grouped = false;
            }
            slots.merge(h.ssh(), 1, Integer::sum);
            last = h.ssh();
        }
        List<String> hostList = new ArrayList<>();
        slots.forEach((h, k) -> hostList.add(h + ":" + k));
        Map<String, String> env = new LinkedHashMap<>();
        Set<String> hcas = new LinkedHashSet<>();
        Set<Integer> gids = new LinkedHashSet<>();
        Set<Integer> tcs = new LinkedHashSet<>();
        ConnectionOptions c = job.connection();
        for (LabHost h : ranks) {
            hcas.add(h.device() + ":" + h.ibPort());
            gids.add(h.gidIndex());
            // as for flows: a DSCP the scenario gives (other than 8 x priority), else the lab host's for the priority
            int dscp = c.resolvedDscp();
            tcs.add(dscp != org.lossless.core.net.Dscp.ofPriority(c.priority()) ? dscp << 2 | 2 : h.trafficClass(c.priority()));
        }
        env.put("NCCL_IB_HCA", "=" + String.join(",", hcas));
        if (gids.size() == 1) {
            env.put("NCCL_IB_GID_INDEX", String.valueOf(gids.iterator().next()));
        } else {
            ctx.approximate(List.of(), what + ": GID indexes " + gids + " differ between hosts",
                    "NCCL_IB_GID_INDEX not set: NCCL picks the RoCEv2 GID itself (NCCL 2.21 and later)");
        }
        env.put("NCCL_IB_TC", String.valueOf(tcs.iterator().next()));
        if (tcs.size() > 1) {
            ctx.approximate(List.of(), what + ": traffic classes " + tcs + " differ between hosts (dscp maps)",
                    "NCCL_IB_TC=" + tcs.iterator().next() + " (rank 0's) on every rank");
        }
        env.putAll(NcclTestsCommand.tuning(job));
        env.putAll(ctx.ncclEnv());
        List<String> argv = new ArrayList<>(List.of(launcher.tool("mpirun"), "-np", String.valueOf(ranks.size()), "-H",
                String.join(",", hostList)));
        argv.addAll(ctx.mpirunArgs());
        for (String name : env.keySet()) {
            argv.add("-x");
            argv.add(name);
        }
        argv.add(launcher.tool(NcclTestsCommand.binary(job.collective())));
        String size = String.valueOf(job.sizeBytes());
        argv.addAll(List.of("-b", size, "-e", size, "-f", "2", "-g", "1", "-n", String.valueOf(job.iterations()), "-w",
                String.valueOf(NcclTestsCommand.WARMUP)));
        if (job.collective() == Collective.BROADCAST) {
            argv.addAll(List.of("-r", String.valueOf(job.root())));
        }
        ctx.client(launcher, "collective", argv, env, job.startPs() / 1000, List.of(), job.name());
        approximations(job, what, grouped, ctx);
        long lineRate = Math.max(1, launcher.linkRateBps() > 0 ? launcher.linkRateBps() : 100_000_000_000L);
        long perCallNs = (long) (2.0 * job.sizeBytes() * 8e9 / lineRate) + 1_000_000;
        ctx.expectDuration(job.startPs() / 1000, 10_000_000_000L + (job.iterations() + NcclTestsCommand.WARMUP) * perCallNs);
        ctx.note("nccl-tests runs under Open MPI's mpirun from the first rank's host, which starts the other ranks over"
                + " its own ssh (password-less ssh between the lab hosts, the same binary paths on every host); NCCL"
                + " variables are set there and exported to every rank with -x.");
        ctx.note("nccl-tests reports the mean time per call over -n calls after -w " + NcclTestsCommand.WARMUP
                + " warm-up calls; 'replay compare' sets it against the simulated calls' mean duration (the first call"
                + " left out when there are several, as a warm-up).");
    }

    private static void approximations(CollectiveJob job, String what, boolean grouped, PlanContext ctx) {
        long printed = NcclTestsCommand.printedSize(job);
        if (printed != job.sizeBytes()) {
            ctx.approximate(List.of(), what + ": size " + job.sizeBytes() + " B", "nccl-tests moves " + printed
                    + " B (whole 4-byte floats" + (job.collective() == Collective.ALLREDUCE
                    || job.collective() == Collective.BROADCAST ? "" : ", per-rank counts in multiples of 4") + ")");
        }
        if (job.algorithm() == null) {
            ctx.approximate(List.of(), what + ": algorithm auto", "NCCL_ALGO not set: NCCL's own tuner chooses (the"
                    + " simulation uses its model of that tuner)");
        } else if (job.algorithm() == Algorithm.HALVING_DOUBLING) {
            ctx.approximate(List.of(), what + ": algorithm halving-doubling", "not an NCCL algorithm: NCCL_ALGO not set,"
                    + " NCCL chooses (ring or tree); compare with care");
        }
        if (job.protocol() == null) {
            ctx.approximate(List.of(), what + ": protocol auto", "NCCL_PROTO not set: NCCL's own tuner chooses");
        }
        if (job.gapPs() > 0) {
            ctx.approximate(List.of(), what + ": gap " + job.gapPs() / 1e6 + " us between calls",
                    "back-to-back calls (nccl-tests has no gap)");
        }
        if (!grouped) {
            ctx.approximate(List.of(), what + ": rank order " + job.ranks(), "mpirun places ranks host by host (-H);"
                    + " NCCL orders its rings and trees by its own topology search in any case");
        }
        if (job.ringOrder() == org.lossless.workloads.collective.RingOrder.NAIVE && job.servers().gpusPerServer() > 1) {
            ctx.approximate(List.of(), what + ": ring_order naive", "NCCL's own (rail-local) ring order");
        }
        if (job.pairSizes() != null && (job.pairSizes().isExplicit() || job.pairSizes().skew() != 0)) {
            ctx.approximate(List.of(), what + ": uneven all-to-all (skew or pairs)", "alltoall_perf sends S/n to every rank");
        }
        String cc = job.connection().cc();
        if (cc != null && !cc.equals(ctx.scenario().nic().cc())) {
            ctx.approximate(List.of(), what + ": congestion control " + cc + " for this job's QPs",
                    "the NIC's setting for every QP (congestion control is per NIC and priority on hardware)");
        }
        if (job.baseLatencyPs() >= 0 || job.stepLatencyPs() >= 0 || job.nvlinkStepPs() >= 0) {
            ctx.note("Software latencies (base_latency, step_latency) are simulator parameters: 'lossless calibrate' can fit"
                    + " them to this run.");
        }
    }
}
