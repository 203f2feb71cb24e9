package org.lossless.verbs.plan;

import java.util.List;

/**
 * Something the tools cannot express exactly, and what the plan does instead.
 *
 * @param flowIds the flows concerned (empty: the whole replay)
 * @param what    what the scenario asks for
 * @param instead the approximation used
 */
public record Approximation(List<Long> flowIds, String what, String instead) {
    public Approximation {
        flowIds = List.copyOf(flowIds);
    }
}
