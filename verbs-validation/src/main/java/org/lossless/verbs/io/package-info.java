/**
 * Text helpers of verbs-validation (CSV, shell quoting) and the rules for what it reads: input files are regular
 * files of bounded size ({@link org.lossless.verbs.io.InputFiles}), and every path a plan or bundle names stays
 * inside its directory ({@link org.lossless.verbs.io.Contained}). Every file and directory this module writes goes
 * through the project's output rule, {@link org.lossless.experiments.results.OutputRule} (never overwrite
 * what Lossless did not write), with the kinds {@code replay-plan}, {@code replay-bundle},
 * {@code replay-comparison} and {@code calibration}.
 */
package org.lossless.verbs.io;
