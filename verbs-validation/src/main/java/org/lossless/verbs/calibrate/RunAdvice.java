package org.lossless.verbs.calibrate;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Which runs would identify a parameter the given runs leave open: for each family of keys, the replay (tool,
 * message sizes, incast degree) whose metrics move with it and little with the others. Written as workloads to
 * add to the replayed scenario; {@code replay plan} turns flows up to {@code --latency-max} into
 * {@code ib_write_lat} probes and larger ones into {@code ib_write_bw} runs.
 */
final class RunAdvice {
    private record Entry(Pattern key, String runs) {
    }

    private static final String PROBES = "latency probes on an idle fabric: single flows of 64 B, 1 KB and 4 KB (replayed"
            + " as ib_write_lat; three sizes or more give the intercept and its uncertainty)";

    private static final List<Entry> TABLE = List.of(
            new Entry(Pattern.compile("switch\\.latency|switch\\.cut_through"), PROBES + ", over paths of 1 and of 3"
                    + " switch hops (same leaf, across the spine): the intercept grows by one switch latency per hop"),
            new Entry(Pattern.compile("topology\\..*delay|topology\\..*length"), PROBES + "; with switch.latency unknown"
                    + " as well, paths of 1 and of 3 switch hops separate the two (links per hop against switches per hop)"),
            new Entry(Pattern.compile("nic\\.dcqcn\\.(cnp_delay|reaction_delay)"), "incasts of degree 2 and 4 with"
                    + " flows of 1 to 4 MB (ib_write_bw), keeping the CNP counters (np_cnp_sent, rp_cnp_handled): a"
                    + " longer CNP loop lets the queue grow further before each cut. The generation and the reaction"
                    + " delay act as one sum on every loop: state one of them (vendor data) and fit the other"),
            new Entry(Pattern.compile("nic\\.dcqcn\\.(rate_increase_timer|fast_recovery_steps)"), "a 2-to-1 incast in"
                    + " which one flow ends early (1 MB against 8 MB or more, ib_write_bw): the survivor's climb back to"
                    + " line rate takes fast_recovery_steps timer periods and more, and its goodput times it"),
            new Entry(Pattern.compile("nic\\.dcqcn\\.(additive_increase|hyper_increase|byte_counter)"), "a 2-to-1 incast"
                    + " in which one flow ends early and the other runs on long enough to reach the additive stage:"
                    + " recovering from half to full rate at R_AI per timer period T takes (line rate / 2) / R_AI x T"
                    + " (69 ms at 100 Gb/s, 40 Mb/s and 55 us), so the long flow must last that long (860 MB at 100"
                    + " Gb/s); shorter runs see R_AI through a fraction of the climb only"),
            new Entry(Pattern.compile("nic\\.dcqcn\\.(alpha|rate_decrease|decrease_gain|min_decrease|initial_alpha"
                    + "|first_cnp|rate_on_first|clamp)"), "incasts of degree 2, 4 and 8 with flows of 4 MB or more: the"
                    + " depth of each cut sets the fair-share oscillation, the goodput split and the CNP count"),
            new Entry(Pattern.compile("nic\\.dcqcn\\.(cnp_interval|cnp_mode|cnp_scope)"), "incasts of degree 2 and 8"
                    + " with long flows, keeping np_cnp_sent and np_ecn_marked_roce_packets: their ratio is set by"
                    + " the CNP interval"),
            new Entry(Pattern.compile("switch\\.ecn\\..*"), "incasts of degree 2, 4 and 8 with long flows, keeping the"
                    + " ECN-marked counters and the switch queue watermarks: the marked fraction against queue depth"),
            new Entry(Pattern.compile(".*pfc.*|.*xoff.*|.*xon.*|.*headroom.*|nic\\.rx_buffer.*"), "a run that pauses:"
                    + " an incast of degree 4 or more with congestion control off (cc: none) and flows of 4 MB,"
                    + " keeping the pause counters and durations (rx_prio*_pause_duration) and the switch watermarks"),
            new Entry(Pattern.compile("nic\\.window"), "single flows on an idle fabric below and above the"
                    + " bandwidth-delay product (for example 16 KB, 64 KB and 1 MB, ib_write_bw)"),
            new Entry(Pattern.compile("nic\\.ack_delay"), PROBES + ", and window-bound single flows (16 KB to 1 MB)"));

    private RunAdvice() {
    }

    /** The runs that would identify {@code key}. */
    static String forKey(String key) {
        for (Entry e : TABLE) {
            if (e.key().matcher(key).matches()) {
                return e.runs();
            }
        }
        return "runs in which " + key + " moves the metrics: check by comparing a bundle ('lossless replay compare')"
                + " against the scenario with the key at each end of its range";
    }

    /** The runs that would separate {@code a} from {@code b}. */
    static String separate(String a, String b) {
        String ra = forKey(a);
        String rb = forKey(b);
        return ra.equals(rb) ? ra : "for " + a + ": " + ra + "; for " + b + ": " + rb;
    }
}
