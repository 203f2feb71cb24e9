package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code switch.trimming}: packet trimming (Ultra Ethernet). A data frame of one of {@code priorities} (egress queue
 * priorities) that the buffer refuses is not dropped: its payload is cut to {@code headerBytes} and the header is
 * forwarded ahead of every queued frame of the port, and at every later hop, so the receiver can NACK it at once.
 *
 * @param priorities  the egress queues whose overflow trims (0..7), none = off
 * @param headerBytes the trimmed frame's size, bytes (64..512; default 64, the UEC reference simulator's header)
 */
public record TrimmingSettings(List<Integer> priorities, long headerBytes) {
    /** Default size of a trimmed frame: 64 B (htsim's UEC header/ACK size). */
    public static final long DEFAULT_HEADER_BYTES = 64;

    public TrimmingSettings {
        priorities = List.copyOf(priorities);
        for (int p : priorities) {
            if (p < 0 || p > 7) {
                throw new IllegalArgumentException("switch.trimming.priorities must be in 0..7, got " + p);
            }
        }
        if (headerBytes < 64 || headerBytes > 512) {
            throw new IllegalArgumentException("switch.trimming.header must be 64..512 bytes, got " + headerBytes);
        }
    }

    /** Bit p set when queue priority p trims. */
    public int mask() {
        int m = 0;
        for (int p : priorities) {
            m |= 1 << p;
        }
        return m;
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("priorities", priorities);
        m.put("header", headerBytes);
        return m;
    }
}
