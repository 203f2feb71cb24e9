package org.lossless.switchmodel.headroom;

/** Which headroom rule a {@link HeadroomResult} comes from. */
public enum HeadroomModel {
    /**
     * What {@code headroom: auto} gives in a run ({@link PortHeadroom}): the SONiC formula with the simulator's
     * MTU, cells and the peer's configured PFC response time.
     */
    RUN,
    /** SONiC dynamic buffer model, {@code buffer_headroom_mellanox.lua} as written in reference §5.3. */
    SONIC,
    /** Exact bytes in flight, Cisco/IEEE components, no cell occupancy, no rounding (reference §5.2). */
    EXACT,
    /** HPCC ns-3: 3 × rate × one-way delay / 8 (reference §2). */
    HPCC,
    /** mlx5 NIC receive buffer rule (reference §5.5). */
    MLX5,
    /**
     * Credit-based flow control: the credit (receive buffer) one class of one link needs to keep the link busy,
     * link RTT x rate + one frame (a sizing rule only: the simulator does not run CBFC yet).
     */
    CBFC
}
