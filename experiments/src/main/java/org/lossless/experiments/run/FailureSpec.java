package org.lossless.experiments.run;

/**
 * A failure of a link or a switch during a run.
 *
 * @param node   a switch name (switch failure) or one end of the link
 * @param peer   the other end of the link, or null for a switch failure; a link failure takes down
 *               every cable between the two nodes (parallel links included)
 * @param downPs when it fails, ps
 * @param upPs   when it is repaired, ps, or -1 if it stays down
 */
public record FailureSpec(String node, String peer, long downPs, long upPs) {
    public FailureSpec {
        if (node == null || node.isBlank()) {
            throw new IllegalArgumentException("a failure must name a node");
        }
        if (downPs < 0) {
            throw new IllegalArgumentException("failure time must be >= 0");
        }
        if (upPs != -1 && upPs <= downPs) {
            throw new IllegalArgumentException("repair time must be after the failure time");
        }
    }

    public boolean isSwitch() {
        return peer == null;
    }

    /** How the failure reads in messages: {@code link tor0-agg1} or {@code switch agg1}. */
    public String describe() {
        return isSwitch() ? "switch " + node : "link " + node + "-" + peer;
    }
}
