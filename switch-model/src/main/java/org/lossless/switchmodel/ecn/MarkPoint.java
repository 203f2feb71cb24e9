package org.lossless.switchmodel.ecn;

/** When the queue length is sampled for marking ({@code switch.ecn.mark_on}). */
public enum MarkPoint {
    /** Default: at departure, with the queue length after the departing frame is removed (as HPCC does). */
    DEQUEUE,
    /** At arrival, with the queue length after the arriving frame is added (ablations; some ASICs). */
    ENQUEUE
}
