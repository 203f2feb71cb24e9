/**
 * The scenario file (CONTRACT.md §1 and §3): units ({@link org.lossless.experiments.scenario.Units}),
 * the validated model ({@link org.lossless.experiments.scenario.Scenario} and its config records),
 * loading with {@code --set} overrides ({@link org.lossless.experiments.scenario.ScenarioLoader},
 * {@link org.lossless.experiments.scenario.Overrides}) and the resolved YAML written next to the results
 * ({@link org.lossless.experiments.scenario.ResolvedYaml}). Every key and default is documented in
 * docs/scenario.md. Times are ps, rates bps, sizes bytes.
 */
package org.lossless.experiments.scenario;
