package org.lossless.verbs.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.lossless.workloads.spec.StorageWorkloads;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.verbs.VerbsException;
import org.lossless.workloads.storage.IoClass;
import org.lossless.workloads.storage.IoOp;
import org.lossless.workloads.storage.NvmeofConfig;

/**
 * {@code nvmeof} jobs become one fio process per initiator, on the NVMe-oF block devices the hosts file names
 * ({@code hosts.N.nvme: {target: /dev/nvmeXnY}}, connected with {@code nvme connect -t rdma} beforehand):
 * {@code fio --name=JOB --filename=DEV[:DEV...] --ioengine=libaio --direct=1 --rw=... --bs|--bssplit=...
 * --iodepth=Q --numjobs=1 [--number_ios=N] [--time_based --runtime=Tms] [--rate_iops=...]
 * --lat_percentiles=1 --percentile_list=50:99:99.9 --output-format=json}, started at the job's start time.
 * A job that writes needs {@code nvme_writes: true} on the initiator (a write destroys what the device holds).
 * Target settings (in-capsule data size, MDTS, the target's RDMA operation sizes, device latency) and the
 * connection's traffic class belong to the NVMe-oF setup, not to fio: they are listed.
 */
public final class StorageContributor implements PlanContributor {
    @Override
    public boolean handles(WorkloadConfig w) {
        return w instanceof StorageWorkloads.Nvmeof;
    }

    @Override
    public long flowCount(WorkloadConfig w) {
        return 0;
    }

    @Override
    public void contribute(WorkloadConfig w, long firstFlowId, PlanContext ctx) {
        NvmeofConfig cfg = ((StorageWorkloads.Nvmeof) w).config();
        String what = "job " + cfg.name();
        FioCommand mix = FioCommand.of(cfg.mix());
        boolean writes = mix.readShare() < 1;
        long largest = 0;
        for (IoClass c : cfg.mix().classes()) {
            largest = Math.max(largest, c.sizeBytes());
            if (c.sizeBytes() % 512 != 0) {
                ctx.approximate(List.of(), what + ": I/O size " + c.sizeBytes() + " B", "fio with direct=1 needs multiples"
                        + " of the device's logical block (512 B or 4 KiB): fio refuses it");
            }
        }
        for (int i = 0; i < cfg.initiators().size(); i++) {
            int host = cfg.initiators().get(i);
            LabHost h = ctx.labHost(host, what + " initiator");
            List<String> devices = new ArrayList<>();
            for (int t : targets(cfg, i)) {
                String dev = h.nvme().get(t);
                if (dev == null) {
                    throw new VerbsException(ctx.hostsName() + ": hosts." + host + ".nvme." + t + ": " + what + " needs the"
                            + " block device through which initiator " + host + " reaches target " + t + " (connected with"
                            + " 'nvme connect -t rdma' beforehand), e.g. nvme: {" + t + ": /dev/nvme1n1}");
                }
                devices.add(dev);
            }
            if (writes && !h.nvmeWrites()) {
                throw new VerbsException(ctx.hostsName() + ": hosts." + host + ".nvme_writes: " + what + " writes to "
                        + String.join(", ", devices) + ", which destroys what they hold; set nvme_writes: true only for"
                        + " scratch devices (e.g. a null_blk or RAM-backed target)");
            }
            ctx.client(h, "storage", argv(cfg, h, devices, mix), Map.of(), cfg.startPs() / 1000, List.of(), cfg.name());
        }
        approximations(cfg, what, mix, ctx);
        long rate = 100_000_000_000L;
        long ns = cfg.durationPs() != NvmeofConfig.UNLIMITED ? cfg.durationPs() / 1000
                : (long) (cfg.ios() * (largest * 8e9 / rate + (cfg.iops() > 0 ? 1e9 / cfg.iops() : 0)));
        ctx.expectDuration(cfg.startPs() / 1000, ns + 5_000_000_000L);
    }

    /** The targets initiator {@code i} talks to, in fio's round-robin order. */
    private static List<Integer> targets(NvmeofConfig cfg, int i) {
        List<Integer> t = cfg.targets();
        if (cfg.spread() == NvmeofConfig.Spread.PINNED) {
            return List.of(t.get(i % t.size()));
        }
        List<Integer> out = new ArrayList<>();
        for (int k = 0; k < t.size(); k++) {
            out.add(t.get((i + k) % t.size()));
        }
        return out;
    }

    private static List<String> argv(NvmeofConfig cfg, LabHost h, List<String> devices, FioCommand mix) {
        List<String> a = new ArrayList<>(List.of(h.tool("fio"), "--name=" + cfg.name(), "--filename=" + String.join(":", devices),
                "--ioengine=libaio", "--direct=1"));
        a.addAll(mix.args());
        a.addAll(List.of("--iodepth=" + cfg.queueDepth(), "--numjobs=1"));
        if (cfg.ios() != NvmeofConfig.UNLIMITED) {
            a.add("--number_ios=" + cfg.ios());
        }
        if (cfg.durationPs() != NvmeofConfig.UNLIMITED) {
            a.add("--time_based");
            a.add("--runtime=" + Math.max(1, Math.round(cfg.durationPs() / 1e9)) + "ms");
        }
        if (cfg.iops() > 0) {
            if (mix.readShare() > 0 && mix.readShare() < 1) {
                long r = Math.round(cfg.iops() * mix.readShare());
                a.add("--rate_iops=" + r + "," + (cfg.iops() - r));
            } else {
                a.add("--rate_iops=" + cfg.iops());
            }
        }
        a.addAll(List.of("--lat_percentiles=1", "--percentile_list=50:99:99.9", "--output-format=json"));
        return a;
    }

    private static void approximations(NvmeofConfig cfg, String what, FioCommand mix, PlanContext ctx) {
        if (mix.rounding() != null) {
            ctx.approximate(List.of(), what + ": I/O mix", "fio's whole percentages: " + mix.rounding());
        }
        if (cfg.durationPs() != NvmeofConfig.UNLIMITED && cfg.durationPs() % 1_000_000_000L != 0) {
            ctx.approximate(List.of(), what + ": duration " + cfg.durationPs() / 1e6 + " us", "fio --runtime in whole ms");
        }
        if (cfg.iops() > 0 && mix.readShare() > 0 && mix.readShare() < 1) {
            ctx.approximate(List.of(), what + ": " + cfg.iops() + " I/Os per second", "fio paces reads and writes"
                    + " separately (--rate_iops=reads,writes in the mix's proportion), not one stream of drawn kinds");
        }
        if (cfg.targets().size() > 1 && cfg.spread() == NvmeofConfig.Spread.STRIPE) {
            ctx.approximate(List.of(), what + ": I/Os striped over " + cfg.targets().size() + " targets",
                    "fio's round-robin over the files (file_service_type=roundrobin, its default)");
        }
        int dscp = cfg.dscp() == org.lossless.workloads.traffic.ConnectionOptions.DSCP_FROM_PRIORITY
                ? org.lossless.core.net.Dscp.ofPriority(cfg.priority()) : cfg.dscp();
        String tos = String.valueOf(dscp != org.lossless.core.net.Dscp.ofPriority(cfg.priority()) ? dscp << 2 | 2
                : ctx.labHost(cfg.initiators().get(0), what).trafficClass(cfg.priority()));
        ctx.note("NVMe-oF jobs run fio on block devices connected beforehand: 'nvme connect -t rdma -a TARGET_ADDRESS -s"
                + " 4420 -n NQN --tos=" + tos + "' puts the connection on the job's priority (ToS " + tos + " for priority "
                + cfg.priority() + "). Random offsets (randread/randwrite/randrw) are used: the fabric does not see the"
                + " offsets.");
        ctx.note(String.format(Locale.ROOT, "Target-side settings of %s are part of the NVMe-oF setup, not of fio: in-capsule"
                        + " data %d B (nvmet port attribute param_inline_data_size), MDTS %d B, target RDMA READ/WRITE sizes %d/%d"
                        + " B (the RDMA device's max_sge), device latency %.3f us (a null_blk target with completion_nsec=%d"
                        + " reproduces it).", what, cfg.inlineBytes(), cfg.mdtsBytes(), cfg.rdmaReadMaxBytes(),
                cfg.rdmaWriteMaxBytes(), cfg.deviceLatencyPs() / 1e6, cfg.deviceLatencyPs() / 1000));
        boolean anyWrite = cfg.mix().classes().stream().anyMatch(c -> c.op() == IoOp.WRITE);
        if (anyWrite) {
            ctx.note("Jobs that write use only devices marked nvme_writes: true in the hosts file.");
        }
    }
}
