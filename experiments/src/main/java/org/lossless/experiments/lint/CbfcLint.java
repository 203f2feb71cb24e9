package org.lossless.experiments.lint;

import java.util.List;
import java.util.Locale;

import org.lossless.experiments.lint.Finding.Place;
import org.lossless.experiments.lint.Finding.Unit;
import org.lossless.experiments.lint.Finding.Value;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.switchmodel.settings.CbfcSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * Credit-based flow control with fixed {@code switch.cbfc.credits} below what a link needs to run at line rate (the
 * {@code auto} rule, {@link CbfcSettings#autoCredits}): the class is then capped at floor(C / frame) frames per credit
 * loop, on every such link. One warning, naming the tightest link and the bound; its place is the tightest link's
 * switch and port, its numbers the credits, the bound and the frame.
 */
public final class CbfcLint {
    /** The finding's code. */
    public static final String CODE = "cbfc-credits-below-line-rate";

    private CbfcLint() {
    }

    /** The finding for a loaded scenario, or none (also none when its topology cannot be built). */
    public static List<Finding> of(Scenario s) {
        CbfcSettings c = s.switchSettings().cbfc();
        if (c == null || c.credits() == null) {
            return List.of();
        }
        Topology t = s.fabric().topologyOrNull();
        if (t == null) {
            return List.of();
        }
        int frame = s.nic().wire().largestFrame(s.nic().mtu());
        long worstNeed = 0;
        String where = null;
        String whereNode = null;
        int wherePort = 0;
        double worstShare = 1;
        int links = 0;
        for (Node node : t.nodes()) {
            for (Port p : t.ports(node.id())) {
                boolean toHost = t.node(p.peer()).isHost();
                long need = CbfcSettings.autoCredits(p.cable().rateBps(), p.cable().delayPs(), frame,
                        c.creditDelayPs() + (toHost ? 0 : s.switchSettings().latencyPs()));
                if (c.credits() >= need) {
                    continue;
                }
                links++;
                double share = (double) (c.credits() / frame) / (need / frame);
                if (share < worstShare) {
                    worstShare = share;
                    worstNeed = need;
                    where = node.name() + " -> " + t.node(p.peer()).name();
                    whereNode = node.name();
                    wherePort = p.index();
                }
            }
        }
        if (links == 0) {
            return List.of();
        }
        String text = String.format(Locale.ROOT, "switch.cbfc.credits %,d B is below the %,d B a link needs to run at line"
                + " rate (frame + (2 x cable + 84 B credit frame + credit delay) x rate, in whole %,d B frames) on %d"
                + " link directions; on %s a CBFC class is capped at about %.0f %% of the line", c.credits(),
                worstNeed, frame, links, where, 100 * worstShare);
        Finding f = Finding.warning(CODE, text, "switch.cbfc.credits").with(
                List.of(new Place(whereNode, List.of(wherePort), List.of(Value.bytes("need", worstNeed)))),
                List.of(Value.bytes("credits", c.credits()), Value.bytes("frame", frame),
                        new Value("link_directions", links, Unit.COUNT)));
        return List.of(f);
    }
}
