package org.lossless.switchmodel.pfc;

/**
 * One PFC storm on a switch egress queue, as the watchdog saw it (a row of {@code pfcwd.csv}).
 *
 * @param node            switch name
 * @param port            egress port index (the transmitter the peer kept paused)
 * @param priority        the stormed queue (= priority)
 * @param startPs         poll at which the storm was detected, ps
 * @param endPs           poll at which the queue was restored, ps; -1 if still stormed at the end of the run
 * @param action          drop, forward or alert
 * @param droppedPackets  frames the drop action discarded (queued at detection plus arriving), 0 otherwise
 * @param droppedBytes    their frame bytes
 */
public record StormEpisode(String node, int port, int priority, long startPs, long endPs, String action,
                           long droppedPackets, long droppedBytes) {
    /** Whether the storm was still on when the run ended. */
    public boolean open() {
        return endPs < 0;
    }
}
