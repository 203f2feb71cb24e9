package org.lossless.workloads.collective;

/**
 * NCCL 2.x constants that shape what a collective puts on the wire (NVIDIA/nccl: {@code device.h},
 * {@code collectives.h}, {@code init.cc}, {@code transport/net_ib}). Sizes in bytes.
 */
public final class NcclConstants {
    /** Buffer slots per connection ({@code NCCL_STEPS}); a sender may be at most this many steps ahead. */
    public static final int STEPS = 8;
    /** Simple protocol buffer per connection ({@code NCCL_BUFFSIZE}, 4 MiB): 512 KiB per step. */
    public static final long SIMPLE_BUFFER_BYTES = 4L << 20;
    /** LL buffer: 8 lines x 512 threads x 8 steps x 16 B = 512 KiB: 64 KiB of wire (32 KiB of data) per step. */
    public static final long LL_BUFFER_BYTES = 8L * 512 * STEPS * 16;
    /** LL128 buffer: 120 elements x 640 threads x 8 steps x 8 B = 4,915,200 B: 576,000 data bytes per step. */
    public static final long LL128_BUFFER_BYTES = 120L * 640 * STEPS * 8;
    /** Ring all-reduce, all-gather, reduce-scatter with Simple: steps per chunk (NCCL_STEPS / 2). */
    public static final int RING_CHUNK_STEPS = STEPS / 2;
    /** ... and steps per slice (NCCL_STEPS / 4): a chunk is two slices. */
    public static final int RING_SLICE_STEPS = STEPS / 4;
    /** Point-to-point (all-to-all) chunk over the network ({@code NCCL_P2P_NET_CHUNKSIZE}, 128 KiB). */
    public static final long P2P_NET_CHUNK_BYTES = 128L << 10;
    /**
     * The clear-to-send a receiver's proxy RDMA-writes to the sender for every buffer slot it posts
     * ({@code ncclIbPostFifo}: one {@code struct ncclIbSendFifo}, padded to 64 bytes, sent inline).
     */
    public static final long CTS_BYTES = 64;
    /** Alignment of a chunk's share of the data (16 bytes, NCCL's grain). */
    public static final long ALIGN = 16;

    private NcclConstants() {
    }
}
