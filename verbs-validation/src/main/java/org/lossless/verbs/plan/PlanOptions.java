package org.lossless.verbs.plan;

/**
 * Choices of {@code lossless replay plan}.
 *
 * @param verb               {@code write} (default; the simulator models RDMA WRITE), {@code send} or {@code read}
 * @param latencyMaxBytes    flows up to this size are replayed as latency probes ({@code ib_<verb>_lat}); 0 = none
 * @param latencyIterations  ping-pongs per latency probe (perftest {@code -n})
 * @param messageBytes       perftest message size of bandwidth flows ({@code -s}); a flow is n messages per QP
 */
public record PlanOptions(String verb, long latencyMaxBytes, int latencyIterations, long messageBytes) {
    public PlanOptions {
        if (!verb.equals("write") && !verb.equals("send") && !verb.equals("read")) {
            throw new IllegalArgumentException("verb must be write, send or read, got " + verb);
        }
        if (latencyMaxBytes < 0 || latencyIterations < 5 || messageBytes < 1) {
            throw new IllegalArgumentException("bad plan options");
        }
    }

    public static PlanOptions defaults() {
        return new PlanOptions("write", 4096, 1000, 65536);
    }
}
