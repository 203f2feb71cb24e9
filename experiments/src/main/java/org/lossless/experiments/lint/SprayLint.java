package org.lossless.experiments.lint;

import java.util.List;

import org.lossless.experiments.scenario.RoutingConfig;
import org.lossless.experiments.scenario.Scenario;

/**
 * Per-packet spraying under go-back-N, warned when a scenario is loaded: with {@code routing.mode: spray} every
 * packet of a RoCEv2 QP takes its own path, so packets arrive out of order whenever two paths' queues differ, and a
 * go-back-N receiver discards each such packet and has the sender resend it and everything after it. A 4 MiB
 * replication (4 clients, 2 replicas, 2 writes in flight each) with no failure on a 4-leaf, 2-spine fabric at
 * 200 Gb/s completed 14 of the 22 messages it had posted in 5 ms this way, against 109 of 110 with ECMP and 83 of 91
 * sprayed under IRN. That is the study the mode is for (the cost of spraying without out-of-order receivers), but a
 * user who meant load balancing should hear it before reading slow completions as congestion.
 */
public final class SprayLint {
    /** The finding's code. */
    public static final String CODE = "spray-with-go-back-n";

    private SprayLint() {
    }

    /** The finding for {@code s}, if any. */
    public static List<Finding> of(Scenario s) {
        if (s.routing().mode() != RoutingConfig.Mode.SPRAY || !s.usesRoce() || s.nic().lossRecovery().irn()) {
            return List.of();
        }
        return List.of(Finding.warning(CODE, "routing.mode spray with nic.loss_recovery go-back-n: each RoCEv2 packet"
                + " takes its own path, and the receiver discards every packet that arrives out of order and has it"
                + " resent with everything after it; expect retransmissions and long completions (nic.loss_recovery:"
                + " irn keeps out-of-order packets; routing.mode: ecmp keeps a QP on one path)",
                "routing.mode", "nic.loss_recovery"));
    }
}
