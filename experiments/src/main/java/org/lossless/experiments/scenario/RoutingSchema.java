package org.lossless.experiments.scenario;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The schema of {@code routing} and of one {@code failures} entry: names, types, defaults and doc lines, declared
 * once. {@code routing} is read ({@link RoutingReader}), defaulted and written to the resolved scenario
 * ({@link ResolvedYaml}) from {@link #ROUTING}; a failure entry's keys depend on each other (a link or a switch,
 * {@code up} after {@code at}, names checked against the topology), so {@link #FAILURE}'s rows are
 * {@link Key#custom} and {@link RoutingReader#failures} reads them; the schema gives their names (unknown-key
 * messages) and the docs table.
 */
final class RoutingSchema {
    /** {@code routing.mode}'s words, in {@link RoutingConfig.Mode} order. */
    static final List<String> MODES = List.of("ecmp", "spray");

    static final Section ROUTING = Section.of("routing",
            Key.choice("mode", MODES, "ecmp", "`ecmp`: one equal-cost port per flow, chosen by a hash of the 5-tuple "
                    + "(source and destination host, the QP's RoCEv2 UDP source port, UDP port 4791, protocol UDP) "
                    + "seeded per switch from the scenario `seed` (so results vary with the seed the way real hash "
                    + "luck does); `spray`: a port per packet (a study option: RC receivers discard out-of-order "
                    + "packets and go-back-N pays for it; `check` and `run` warn when RoCEv2 QPs spray under "
                    + "go-back-N)"),
            // times are never negative (the unit parser): the floor only gives the docs' "≥ 0"
            Key.time("convergence", RoutingConfig.DEFAULT.convergencePs(), "after a failure or repair, switches keep "
                    + "their old tables (traffic hashed onto a dead link is lost) until this much later, when every "
                    + "switch gets shortest-path tables computed without the failed parts")
                    .atLeast(0, "must be >= 0"));

    static final Section FAILURE = Section.of("failures",
            Key.custom("link", "`[a, b]` node names", "–",
                    "every cable between nodes a and b goes down (parallel links included)"),
            Key.custom("switch", "node name", "–", "every cable of the switch goes down"),
            Key.custom("at", "time", "**required**", "when it fails"),
            Key.custom("up", "time > `at`", "never", "when it is repaired"));

    private RoutingSchema() {
    }

    /** The record of resolved {@link #ROUTING} values. */
    static RoutingConfig settings(Values v) {
        RoutingConfig.Mode mode = RoutingConfig.Mode.valueOf(v.text("mode").toUpperCase(Locale.ROOT));
        return new RoutingConfig(mode, v.number("convergence"));
    }

    /** {@code r} as resolved {@link #ROUTING} values (what the resolved scenario writes). */
    static Values values(RoutingConfig r) {
        return new Values(ROUTING, Map.of("mode", MODES.get(r.mode().ordinal()), "convergence", r.convergencePs()));
    }
}
