package org.lossless.nic.cc;

/**
 * {@code nic.cc: none}: every QP sends at line rate, no window, and receivers echo nothing; PFC alone keeps
 * the fabric lossless (ECN marks are still counted by switches, nobody acts on them).
 */
public final class NoCongestionControl implements CcAlgorithm, CongestionControl {
    /** The name in {@code nic.cc}. */
    public static final String NAME = "none";
    private final long lineRateBps;

    /** For a NIC of line rate {@code lineRateBps}; the same (stateless) instance serves every QP. */
    public NoCongestionControl(long lineRateBps) {
        if (lineRateBps <= 0) {
            throw new IllegalArgumentException("line rate must be > 0 bps");
        }
        this.lineRateBps = lineRateBps;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CongestionControl newSender() {
        return this;
    }

    @Override
    public CongestionEcho newEcho() {
        return null;
    }

    @Override
    public boolean echoes() {
        return false;
    }

    @Override
    public long rateBps(long nowPs) {
        return lineRateBps;
    }

    @Override
    public long nextChangePs() {
        return NEVER;
    }

    @Override
    public void onBytesSent(long nowPs, long wireBytes) {
    }

    @Override
    public void onCongestionNotification(long nowPs) {
    }
}
