package org.lossless.experiments.scenario;

import java.util.List;
import java.util.Objects;

/**
 * The {@code switch.pfc} section (see reference/switch-buffer-pfc.md).
 *
 * @param enabled       PFC on the lossless priorities
 * @param priorities    lossless priorities, distinct, each 0..7, in ascending order
 * @param threshold     ingress shared-buffer threshold of a lossless priority group: dynamic or static
 * @param headroomBytes per-port, per-priority headroom in bytes, or {@link #AUTO} (-1) to compute it from the
 *                      link rate, the cable delay and the MTU
 * @param xonOffsetBytes XON is sent when the occupancy falls {@code xonOffsetBytes} below the XOFF threshold
 */
public record PfcConfig(boolean enabled, List<Integer> priorities, PfcThreshold threshold, long headroomBytes,
                        long xonOffsetBytes) {
    /** {@link #headroomBytes()} value meaning "computed". */
    public static final long AUTO = -1;

    public PfcConfig {
        priorities = List.copyOf(priorities);
        for (int i = 0; i < priorities.size(); i++) {
            int p = priorities.get(i);
            if (p < 0 || p > 7) {
                throw new IllegalArgumentException("PFC priority must be 0..7, got " + p);
            }
            if (i > 0 && p <= priorities.get(i - 1)) {
                throw new IllegalArgumentException("PFC priorities must be distinct and ascending: " + priorities);
            }
        }
        Objects.requireNonNull(threshold, "threshold");
        if (headroomBytes < 0 && headroomBytes != AUTO) {
            throw new IllegalArgumentException("headroom must be >= 0 bytes or AUTO, got " + headroomBytes);
        }
        if (xonOffsetBytes < 0) {
            throw new IllegalArgumentException("xon offset must be >= 0 bytes, got " + xonOffsetBytes);
        }
    }

    public boolean headroomAuto() {
        return headroomBytes == AUTO;
    }

    /** True if {@code priority} is lossless (PFC enabled and listed). */
    public boolean lossless(int priority) {
        return enabled && priorities.contains(priority);
    }
}
