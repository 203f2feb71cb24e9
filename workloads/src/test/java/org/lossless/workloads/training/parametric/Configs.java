package org.lossless.workloads.training.parametric;

import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.Protocol;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.training.CheckpointPlan;
import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.traffic.ConnectionOptions;

/** Test builder of parametric training configurations (tiny model, explicit compute times). */
final class Configs {
    static final long US = 1_000_000L;
    static final long MS = 1_000_000_000L;

    int tp = 1;
    int pp = 1;
    int dp = 1;
    int ep = 1;
    Parallelism.Schedule schedule = Parallelism.Schedule.ONE_F_ONE_B;
    int microBatches = 1;
    boolean sp;
    int zero;
    boolean overlap = true;
    int layers = 1;
    long hidden = 64;
    long seq = 16;
    long microBatch = 1;
    int dtype = 2;
    int gradDtype = 4;
    List<Long> layerParams;
    int experts;
    int topK;
    int moeEvery = 1;
    double skew;
    List<Double> routing = List.of();
    long forward = 100 * US;
    long backward = 200 * US;
    boolean recompute;
    long optimizer;
    long bucket = 25L << 20;
    int iterations = 1;
    CommSettings comm = new CommSettings(1, null, Protocol.SIMPLE, ConnectionOptions.of(3), 0, 0, 0, RingOrder.RAIL, true,
            GpuServers.ONE_PER_HOST);
    CheckpointPlan checkpoint;

    TrainingConfig build() {
        List<Integer> hosts = new ArrayList<>();
        for (int i = 0; i < tp * pp * dp; i++) {
            hosts.add(i);
        }
        List<Long> params = layerParams != null ? layerParams : ModelShape.evenly(layers * 1000L, layers);
        ModelShape m = new ModelShape(layers, hidden, seq, microBatch, dtype, gradDtype, params, -1, experts, topK, moeEvery,
                skew, routing);
        return new TrainingConfig("train", hosts, new Parallelism(tp, pp, dp, ep, schedule, microBatches, sp, zero, overlap),
                m, new ComputeModel(forward, backward, 0, 0, recompute, optimizer), bucket, iterations, 0, comm, checkpoint, 0);
    }
}
