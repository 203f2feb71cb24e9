/**
 * Running one scenario: building the network model from a resolved scenario, driving the kernel,
 * and collecting what the result files report ({@link org.lossless.experiments.run.RunResult}).
 */
package org.lossless.experiments.run;
