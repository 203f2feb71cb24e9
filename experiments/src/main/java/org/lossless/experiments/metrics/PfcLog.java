package org.lossless.experiments.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

import org.lossless.core.net.PfcObserver;

/**
 * Streams {@code timeseries/pfc.csv}: {@code time_ps,node,port,priority,event}, one row per PFC decision
 * of a switch or of a NIC with a receive buffer ({@code nic.rx_buffer}), {@code event} = {@code pause}
 * (XOFF sent) or {@code resume} (XON sent), in event order. {@code port} is the port the frame leaves on:
 * on a switch the ingress port whose priority group crossed its threshold, on a NIC its only port 0;
 * the paused transmitter is the peer's port on that cable. Refreshes of a standing pause are not rows.
 */
public final class PfcLog implements PfcObserver {
    static final String HEADER = "time_ps,node,port,priority,event\n";
    private final Writer out;
    private final StringBuilder line = new StringBuilder(64);

    public PfcLog(Writer out) {
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
