package org.lossless.workloads.collective;

import java.util.Locale;

/**
 * NCCL's three wire protocols. They differ in how many bytes on the wire carry one byte of data (the
 * rest are flags the receiving GPU polls on instead of waiting for a completion), in their buffer and
 * step sizes, and in their latency.
 *
 * <ul>
 *   <li>{@link #SIMPLE}: plain data, completion by a separate flag after a memory fence: full wire
 *       efficiency, highest per-step latency.</li>
 *   <li>{@link #LL128}: 128-byte lines of 120 data bytes and an 8-byte flag: 93.75 % efficiency.</li>
 *   <li>{@link #LL}: 16-byte lines of 8 data bytes and an 8-byte flag ("low latency"): 50 %.</li>
 * </ul>
 */
public enum Protocol {
    SIMPLE(1, 1, NcclConstants.SIMPLE_BUFFER_BYTES),
    LL128(120, 128, NcclConstants.LL128_BUFFER_BYTES),
    LL(8, 16, NcclConstants.LL_BUFFER_BYTES);

    private final int dataPerLine;
    private final int wirePerLine;
    private final long bufferBytes;

    Protocol(int dataPerLine, int wirePerLine, long bufferBytes) {
        this.dataPerLine = dataPerLine;
        this.wirePerLine = wirePerLine;
        this.bufferBytes = bufferBytes;
    }

    /** Bytes on the wire (the RDMA message's payload) that carry {@code dataBytes} bytes of data. */
    public long wireBytes(long dataBytes) {
        if (dataBytes < 0) {
            throw new IllegalArgumentException("data bytes must be >= 0, got " + dataBytes);
        }
        return (dataBytes + dataPerLine - 1) / dataPerLine * wirePerLine;
    }

    /** Data bytes per wire byte: 1, 0.9375 or 0.5. */
    public double efficiency() {
        return (double) dataPerLine / wirePerLine;
    }

    /** Per-connection buffer, wire bytes (NCCL_BUFFSIZE, NCCL_LL128_BUFFSIZE, NCCL_LL_BUFFSIZE defaults). */
    public long bufferBytes() {
        return bufferBytes;
    }

    /** One of the {@link NcclConstants#STEPS} buffer slots, in data bytes (what one step can carry). */
    public long stepDataBytes() {
        long step = bufferBytes / NcclConstants.STEPS;
        return step / wirePerLine * dataPerLine;
    }

    /** Name as in scenario files: {@code simple}, {@code ll128}, {@code ll}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
