package org.lossless.verbs.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.spec.StorageWorkloads;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.verbs.measure.CollTiming;
import org.lossless.verbs.measure.CollectiveResult;
import org.lossless.verbs.measure.CollectiveRow;
import org.lossless.verbs.measure.FioDirection;
import org.lossless.verbs.measure.StorageResult;
import org.lossless.verbs.plan.NcclTestsCommand;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.OperationStats;

/**
 * A simulation's jobs as the tools report them, so they compare metric by metric ({@link MetricSet}):
 * <ul>
 * <li>a collective job as an nccl-tests row at the size nccl-tests prints: time per call = the mean duration of
 * the simulated calls (the first left out when there are several: nccl-tests times only after warm-up calls),
 * algbw = S / time, busbw = algbw x the collective's factor;</li>
 * <li>an {@code nvmeof} job as one fio result per operation type over all its initiators: bytes, throughput and
 * IOPS over the job's window, mean latency and the 50th, 99th and 99.9th percentiles of the I/O latency (issue to
 * completion, which fio reports as total latency with {@code lat_percentiles=1}).</li>
 * </ul>
 */
final class SimulatedJobs {
    private SimulatedJobs() {
    }

    static List<CollectiveResult> collectives(RunResult r, Scenario s, List<String> errors) {
        List<CollectiveResult> out = new ArrayList<>();
        for (WorkloadConfig w : s.workloads()) {
            if (!(w instanceof WorkloadConfig.Collective c)) {
                continue;
            }
            CollectiveJob job = c.job();
            List<JobIteration> its = new ArrayList<>();
            for (JobIteration it : r.jobs()) {
                if (it.job().equals(job.name())) {
                    if (!it.finished()) {
                        errors.add("simulation: job " + job.name() + " iteration " + it.iteration() + " did not finish"
                                + " within the stop time");
                    } else {
                        its.add(it);
                    }
                }
            }
            if (its.isEmpty()) {
                continue;
            }
            List<JobIteration> timed = its.size() > 1 ? its.subList(1, its.size()) : its;
            double meanPs = timed.stream().mapToLong(JobIteration::durationPs).average().orElseThrow();
            double timeUs = meanPs / 1e6;
            double algbw = its.get(0).sizeBytes() / (meanPs * 1e-12) / 1e9;
            double factor = its.get(0).busbwFactor();
            CollectiveRow row = new CollectiveRow(NcclTestsCommand.printedSize(job), null, null, null, null,
                    new CollTiming(timeUs, algbw, algbw * factor, null, Map.of()), null, Map.of());
            out.add(new CollectiveResult("sim-" + job.name(), job.name(), NcclTestsCommand.binary(job.collective()), job.n(),
                    Map.of(), List.of(row), factor, null, null));
        }
        return out;
    }

    static List<StorageResult> storage(RunResult r, Scenario s) {
        List<StorageResult> out = new ArrayList<>();
        for (WorkloadConfig w : s.workloads()) {
            if (!(w instanceof StorageWorkloads.Nvmeof)) {
                continue;
            }
            FioDirection read = null;
            FioDirection write = null;
            for (OperationStats o : r.operations()) {
                if (!o.job().equals(w.name()) || o.completed() == 0) {
                    continue;
                }
                FioDirection d = direction(o);
                if (o.operation().equals("read")) {
                    read = d;
                } else if (o.operation().equals("write")) {
                    write = d;
                }
            }
            out.add(new StorageResult("sim-" + w.name(), w.name(), null, Map.of(), 0, read, write, null, w.name(), null));
        }
        return out;
    }

    private static FioDirection direction(OperationStats o) {
        Map<String, Long> pct = new LinkedHashMap<>();
        pct.put("50.000000", o.p50Ps() / 1000);
        pct.put("99.000000", o.p99Ps() / 1000);
        pct.put("99.900000", o.p999Ps() / 1000);
        double seconds = o.windowPs() * 1e-12;
        return new FioDirection(o.bytes(), o.bytes() / seconds, o.completed() / seconds, o.windowPs() / 1_000_000_000L,
                o.meanPs() / 1000.0, Map.of(), o.completed(), pct);
    }
}
