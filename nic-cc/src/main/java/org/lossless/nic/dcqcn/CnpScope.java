package org.lossless.nic.dcqcn;

/**
 * Over what the notification point's CNP interval ({@code cnp_interval}, mlx5 {@code min_time_between_cnps})
 * is counted, in {@link CnpMode#NP} mode (docs/dcqcn-profiles.md, "CNP scope").
 */
public enum CnpScope {
    /** Per receiving QP: each QP may get a CNP once per interval, whatever the other QPs get. */
    QP,
    /**
     * Per NIC port: after any CNP the port sends, it sends none (for any QP) for the interval; a CE-marked
     * packet arriving in that time yields no CNP (firmware whose limiter counts "CNPs sent from the port").
     */
    PORT;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
