package org.lossless.experiments.metrics;

import java.util.List;

import org.lossless.switchmodel.pfc.StormEpisode;

/**
 * What the PFC watchdog reported in a run ({@code pfcwd.csv} and summary.json's {@code pfc_watchdog}).
 *
 * @param action   the configured action: drop, forward or alert
 * @param episodes every storm episode, ordered by start, switch node id, port, priority
 */
public record WatchdogResult(String action, List<StormEpisode> episodes) {
    public WatchdogResult {
        episodes = List.copyOf(episodes);
    }

    /** Storm episodes detected. */
    public int storms() {
        return episodes.size();
    }

    /** Episodes still stormed when the run ended. */
    public long openAtEnd() {
        return episodes.stream().filter(StormEpisode::open).count();
    }

    /** Frames the drop action discarded, over all episodes. */
    public long droppedPackets() {
        return episodes.stream().mapToLong(StormEpisode::droppedPackets).sum();
    }

    /** Their frame bytes. */
    public long droppedBytes() {
        return episodes.stream().mapToLong(StormEpisode::droppedBytes).sum();
    }
}
