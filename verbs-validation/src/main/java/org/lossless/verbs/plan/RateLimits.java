package org.lossless.verbs.plan;

import java.util.List;

/**
 * perftest's {@code --rate_limit}. The hardware limiter ({@code --rate_limit_type=HW}) accepts only the
 * InfiniBand static rates below (perftest exits "Failed: Unknown rate limit value" otherwise); the software
 * limiter ({@code SW}) takes any rate but sends bursts of {@code --burst_size} messages (default: the TX
 * depth), so it is used only when the rate is not a static one.
 */
public final class RateLimits {
    /** The IB static rates, Gb/s. */
    public static final List<Double> STATIC_GBPS = List.of(2.5, 5.0, 10.0, 14.0, 20.0, 25.0, 28.0, 30.0, 40.0, 50.0, 56.0,
            60.0, 80.0, 100.0, 112.0, 120.0, 168.0, 200.0, 300.0, 400.0, 600.0);

    private RateLimits() {
    }

    /** The perftest options that cap a QP at {@code bps}: HW when it is a static rate, else SW. */
    public static List<String> options(long bps) {
        double gbps = bps / 1e9;
        String value = format(gbps);
        boolean hw = isStatic(bps);
        return List.of("--rate_limit=" + value, "--rate_units=g", "--rate_limit_type=" + (hw ? "HW" : "SW"));
    }

    public static boolean isStatic(long bps) {
        for (double s : STATIC_GBPS) {
            if (Math.abs(s * 1e9 - bps) < 1) {
                return true;
            }
        }
        return false;
    }

    static String format(double gbps) {
        return gbps == Math.rint(gbps) ? String.valueOf((long) gbps) : String.valueOf(gbps);
    }
}
