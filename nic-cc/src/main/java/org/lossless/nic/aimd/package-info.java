/**
 * {@code nic.cc: aimd}: a rate-based additive-increase, multiplicative-decrease congestion control driven by
 * CNPs, the worked example of adding an algorithm (one file, {@link org.lossless.nic.aimd.Aimd}, whose
 * {@code Spec} registers itself with {@code @AutoService}).
 */
package org.lossless.nic.aimd;
