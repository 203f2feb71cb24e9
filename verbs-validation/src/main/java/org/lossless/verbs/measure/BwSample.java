package org.lossless.verbs.measure;

import java.util.Map;

/**
 * One row of a perftest bandwidth table.
 *
 * @param sizeBytes   message size
 * @param iterations  messages per QP (duration mode: messages counted in the measured window)
 * @param peakBps     BW peak in bits/s, or null when perftest did not measure it (duration and infinite
 *                    modes print 0.00)
 * @param averageBps  BW average in bits/s (both directions summed when perftest summed them, see
 *                    {@link BwResult#bidirectional()})
 * @param msgRateMpps message rate, millions of messages per second
 * @param sl          service level ({@code --sl} QoS table), or null
 * @param cpuUtil     CPU utilisation in % ({@code --cpu_util}), or null
 * @param counters    {@code -W} counter deltas printed after the row (name to value); empty without {@code -W}
 */
public record BwSample(long sizeBytes, long iterations, Double peakBps, double averageBps, double msgRateMpps,
                       Integer sl, Double cpuUtil, Map<String, Long> counters) {
    public BwSample {
        counters = Map.copyOf(counters);
        if (sizeBytes < 0 || iterations < 0 || averageBps < 0 || msgRateMpps < 0) {
            throw new IllegalArgumentException("negative perftest figure");
        }
    }

    /** BW average recomputed from the message rate: MsgRate x size x 8, bits/s (a cross-check of the printed BW). */
    public double msgRateBps() {
        return msgRateMpps * 1e6 * sizeBytes * 8;
    }
}
