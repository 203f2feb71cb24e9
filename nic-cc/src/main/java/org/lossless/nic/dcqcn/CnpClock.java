package org.lossless.nic.dcqcn;

/**
 * When the last CNP was sent, for the NP's hold-off test ({@code now - last >= cnp_interval}): one per
 * receiving QP ({@link CnpScope#QP}), or one per NIC port shared by all its QPs' notification points
 * ({@link CnpScope#PORT}).
 */
final class CnpClock {
    private boolean sentAny;
    private long lastCnpPs;

    /** Whether a CNP may go at {@code nowPs}; if so, records it as sent then. */
    boolean trySend(long nowPs, long intervalPs) {
        if (sentAny && nowPs - lastCnpPs < intervalPs) {
            return false;
        }
        sentAny = true;
        lastCnpPs = nowPs;
        return true;
    }
}
