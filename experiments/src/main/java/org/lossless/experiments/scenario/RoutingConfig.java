package org.lossless.experiments.scenario;

import java.util.List;

/**
 * The {@code routing} section.
 *
 * @param mode          {@code ecmp}: one equal-cost path per flow (hash of the 5-tuple with the QP's UDP
 *                      source port, seeded per switch); {@code spray}: a path per packet (a study option:
 *                      RC receivers discard out-of-order packets, so go-back-N pays for it)
 * @param convergencePs time from a failure or repair until every switch routes around it, ps
 */
public record RoutingConfig(Mode mode, long convergencePs) {
    public static final RoutingConfig DEFAULT = new RoutingConfig(Mode.ECMP, 1_000_000_000L);

    public RoutingConfig {
        java.util.Objects.requireNonNull(mode, "mode");
        if (convergencePs < 0) {
            throw new IllegalArgumentException("routing.convergence must be >= 0");
        }
    }

    /** How a switch picks among equal-cost ports. */
    public enum Mode {
        ECMP, SPRAY
    }

    /**
     * One entry of the {@code failures} list.
     *
     * @param link   {@code [a, b]}: every cable between nodes a and b; empty for a switch failure
     * @param node   the failing switch, or null for a link failure
     * @param atPs   failure time, ps
     * @param upPs   repair time, ps, or -1 if it stays down
     */
    public record Failure(List<String> link, String node, long atPs, long upPs) {
        public Failure {
            link = List.copyOf(link);
            if ((node == null) == link.isEmpty()) {
                throw new IllegalArgumentException("a failure names either a link [a, b] or a switch");
            }
            if (upPs != -1 && upPs <= atPs) {
                throw new IllegalArgumentException("the repair time must be after the failure time");
            }
        }
    }
}
