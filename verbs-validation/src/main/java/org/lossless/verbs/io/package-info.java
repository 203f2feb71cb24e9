/**
 * Text helpers of verbs-validation (CSV, shell quoting). Every file and directory this module writes goes
 * through the project's output rule, {@link org.lossless.experiments.results.OutputRule} (never overwrite
 * what Lossless did not write), with the kinds {@code replay-plan}, {@code replay-bundle},
 * {@code replay-comparison} and {@code calibration}.
 */
package org.lossless.verbs.io;
