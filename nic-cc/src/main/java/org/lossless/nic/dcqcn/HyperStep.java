package org.lossless.nic.dcqcn;

/** Size of one hyper-increase step of the target rate (reference dcqcn.md §3.4). */
public enum HyperStep {
    /** R_T += R_HAI per event (HPCC simulator, isekai). */
    CONSTANT,
    /** R_T += i * R_HAI with i = min(i_T, i_B) - F + 1 (authors' ns-3, QCN); disabled counters are left out of the min. */
    PROGRESSIVE;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
