package org.lossless.nic.dcqcn;

import java.util.List;
import java.util.Map;

/**
 * The three named profiles of reference dcqcn.md §4, by name; their values are the defaults by {@code profile} of
 * {@link DcqcnSchema} (docs/dcqcn-profiles.md has them as tables with sources). Each starts the QP's timers at
 * its first CNP (idle QPs cost nothing).
 */
public final class DcqcnProfiles {
    /** SIGCOMM'15 defaults as restated by CoNEXT'16 (dcqcn.md §4.1). */
    public static final String PAPER2015 = "paper2015";
    /** NVIDIA ConnectX firmware defaults (dcqcn.md §4.2, hardware.md §3). */
    public static final String MLX5 = "mlx5";
    /**
     * The HPCC ns-3 simulator's {@code run.py --cc dcqcn} (dcqcn.md §4.3). R_AI and R_HAI scale with the host link
     * speed as 5 and 50 Mb/s per 25 Gb/s.
     */
    public static final String HPCC2019 = "hpcc2019";
    /** Names accepted by {@link #of}. */
    public static final List<String> NAMES = List.of(PAPER2015, MLX5, HPCC2019);

    private DcqcnProfiles() {
    }

    /** The profile {@code name} for a NIC of {@code lineRateBps}; unknown names throw with a suggestion. */
    public static DcqcnParams of(String name, long lineRateBps) {
        return DcqcnSchema.params(DcqcnSchema.parse(Map.of("profile", name)), lineRateBps);
    }

    public static DcqcnParams paper2015(long lineRateBps) {
        return of(PAPER2015, lineRateBps);
    }

    public static DcqcnParams mlx5(long lineRateBps) {
        return of(MLX5, lineRateBps);
    }

    public static DcqcnParams hpcc2019(long lineRateBps) {
        return of(HPCC2019, lineRateBps);
    }
}
