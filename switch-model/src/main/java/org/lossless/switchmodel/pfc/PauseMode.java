package org.lossless.switchmodel.pfc;

/** How a receiver interprets the time field of a PFC frame (reference §3). */
public enum PauseMode {
    /** Standard: time &gt; 0 pauses for time × 512 bit times; the sender refreshes before expiry. */
    TIMED,
    /** HPCC/htsim parity: any non-zero time pauses until XON; no expiry, no refresh. */
    XOFF_XON
}
