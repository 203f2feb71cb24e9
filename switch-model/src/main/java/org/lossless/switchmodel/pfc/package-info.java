/**
 * IEEE 802.1Qbb PFC settings without events: quanta/picosecond conversion at a port speed
 * ({@link org.lossless.switchmodel.pfc.PfcQuanta}), the pause model and refresh period
 * ({@link org.lossless.switchmodel.pfc.PfcTiming}) and the PFC watchdog's configuration and storm episodes.
 * The pause state of a transmitter is sim-core's {@code org.lossless.core.net.PauseState}; PFC frames are
 * written by sim-core's {@code PauseSender}.
 */
package org.lossless.switchmodel.pfc;
