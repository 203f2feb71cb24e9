/**
 * IEEE 802.1Qbb PFC frame logic without events (reference {@code switch-buffer-pfc.md} §3):
 * quanta/picosecond conversion at a port speed ({@link org.lossless.switchmodel.pfc.PfcQuanta}), the pause
 * model and refresh period ({@link org.lossless.switchmodel.pfc.PfcTiming}), the per-(port, priority)
 * state of a paused transmitter ({@link org.lossless.switchmodel.pfc.PauseState}) and writing/reading PFC
 * frames on pooled packets ({@link org.lossless.switchmodel.pfc.PfcFrames}).
 */
package org.lossless.switchmodel.pfc;
