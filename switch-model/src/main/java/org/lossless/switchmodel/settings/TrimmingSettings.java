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
        checkHeader(headerBytes);
    }

    /**
     * {@code bytes} when a trimmed header may be that size, 64..512 bytes: the one check of
     * {@code switch.trimming.header} (the reader reports its refusal at the key).
     *
     * @throws IllegalArgumentException otherwise, in the words users get
     */
    public static long checkHeader(long bytes) {
        if (bytes < 64 || bytes > 512) {
            throw new IllegalArgumentException(bytes + " B is out of range: a trimmed header is 64 to 512 bytes");
        }
        return bytes;
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
