package org.lossless.nic.dcqcn;

/**
 * How a rate-increase event is classified into fast recovery, additive or hyper increase from the
 * stage counters i_T (timer) and i_B (byte counter) (reference dcqcn.md §3.4). F = fast_recovery_steps.
 */
public enum StageRule {
    /**
     * Paper/QCN rule with the firing counter s and the other counter o: fast recovery if s &lt; F,
     * additive if s &ge; F and o &lt; F, hyper if both &ge; F. A disabled byte counter stays at 0.
     */
    PAPER,
    /**
     * Mellanox-style rule over the enabled counters: hyper if their minimum &gt; F, additive if their
     * maximum &ge; F, else fast recovery. With the timer alone this is the HPCC/isekai timer-only
     * rule: i_T &lt; F fast recovery, i_T = F additive, i_T &gt; F hyper.
     */
    MELLANOX;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
