package org.lossless.verbs.calibrate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The hard cap of stage 3 ({@code --max-evaluations}). An evaluation is one parameter vector simulated for the
 * first time: every fitted experiment once per seed. A vector already simulated costs nothing. Every purpose
 * counts against the one cap: the search, the interval mapping and the misfit probes; each phase may further be
 * limited to a share, so that an early phase cannot leave nothing for the later ones.
 */
final class Budget {
    /** Thrown when an evaluation would exceed the cap or the phase's share. */
    static final class Exhausted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Exhausted(String message) {
            super(message, null, false, false);
        }
    }

    private final int cap;
    private final Map<String, Integer> byPhase = new LinkedHashMap<>();
    private int used;
    private String phase = "start";
    private int phaseLimit = Integer.MAX_VALUE;
    private int phaseUsed;

    Budget(int cap) {
        if (cap < 1) {
            throw new IllegalArgumentException("the evaluation cap must be at least 1");
        }
        this.cap = cap;
    }

    /** Starts a phase that may use at most {@code limit} further evaluations (and never more than what is left). */
    void phase(String name, int limit) {
        phase = name;
        phaseLimit = limit;
        phaseUsed = 0;
    }

    /** Counts one evaluation, or throws when the cap or the phase's share is reached. */
    void take() {
        if (used >= cap) {
            throw new Exhausted("the evaluation cap (" + cap + ") is reached");
        }
        if (phaseUsed >= phaseLimit) {
            throw new Exhausted("the " + phase + " phase's share (" + phaseLimit + " evaluations) is used");
        }
        used++;
        phaseUsed++;
        byPhase.merge(phase, 1, Integer::sum);
    }

    int cap() {
        return cap;
    }

    int used() {
        return used;
    }

    int left() {
        return cap - used;
    }

    /** Evaluations by phase, in the order the phases ran. */
    Map<String, Integer> byPhase() {
        return Map.copyOf(byPhase);
    }

    /** Evaluations by phase in order, as text: "search 40, intervals 22". */
    String describe() {
        StringBuilder sb = new StringBuilder();
        byPhase.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
        return sb.toString();
    }
}
