/**
 * {@code nic.cc: aimd}: a rate-based additive-increase, multiplicative-decrease congestion control driven by
 * CNPs, the worked example of adding an algorithm (one file, {@link org.lossless.nic.aimd.Aimd}, plus its line
 * in {@code META-INF/services/org.lossless.nic.cc.CcSpec}).
 */
package org.lossless.nic.aimd;
