package org.lossless.experiments.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

import org.lossless.switchmodel.PfcObserver;

/**
 * Streams {@code timeseries/pfc.csv}: {@code time_ps,node,port,priority,event}, one row per PFC decision
 * of a switch, {@code event} = {@code pause} (XOFF sent) or {@code resume} (XON sent), in event order.
 * {@code port} is the switch port the frame leaves on, i.e. the ingress port whose priority group crossed
 * its threshold; the paused transmitter is the peer's port on that cable. Refreshes of a standing pause
 * are not rows. NICs send no PAUSE in this model, so every row comes from a switch.
 */
final class PfcLog implements PfcObserver {
    static final String HEADER = "time_ps,node,port,priority,event\n";
    private final Writer out;
    private final StringBuilder line = new StringBuilder(64);

    PfcLog(Writer out) {
        this.out = out;
        try {
            out.write(HEADER);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void pfcSent(long timePs, String node, int port, int priority, boolean pause) {
        line.setLength(0);
        line.append(timePs).append(',').append(node).append(',').append(port).append(',').append(priority)
                .append(',').append(pause ? "pause" : "resume").append('\n');
        try {
            out.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
