package org.lossless.switchmodel;

/**
 * Told of every PFC state change a switch makes (for {@code timeseries/pfc.csv} and pause graphs). The
 * same callback as {@link org.lossless.core.net.PfcObserver}, which NICs with a receive buffer also call.
 */
@FunctionalInterface
public interface PfcObserver extends org.lossless.core.net.PfcObserver {
}
