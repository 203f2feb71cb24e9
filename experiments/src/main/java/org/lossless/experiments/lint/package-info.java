/**
 * The scenario lints: checks of a loaded scenario for settings that are legal but will not behave as meant (PFC
 * headroom below the need, PFC pausing before ECN, QoS mappings that break losslessness, Ultra Ethernet
 * combinations without effect). Each returns {@link org.lossless.experiments.lint.Finding}s, typed data (severity,
 * a stable code, the message, key paths, switches and ports, numbers with units) that the CLI prints, every run
 * writes to {@code warnings.json} ({@link org.lossless.experiments.lint.FindingsJson}) and the report reads back.
 * {@link org.lossless.experiments.lint.Lints} runs them all in the console's order.
 */
package org.lossless.experiments.lint;
