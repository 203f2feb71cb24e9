/**
 * The scenario file (CONTRACT.md §1 and §3): units ({@link org.lossless.experiments.scenario.Units}),
 * the validated model ({@link org.lossless.experiments.scenario.Scenario} and its config records; the
 * {@code switch} section is switch-model's {@code SwitchSettings}, read by {@code SwitchReader},
 * {@code PfcReader}, {@code EcnReader} and written by {@code SwitchYaml}; the {@code nic} section is nic-cc's
 * {@code NicConfig} with {@code DcqcnParams}, read by {@code NicReader}),
 * loading with {@code --set} overrides ({@link org.lossless.experiments.scenario.ScenarioLoader},
 * {@link org.lossless.experiments.scenario.Overrides}) and the resolved YAML written next to the results
 * ({@link org.lossless.experiments.scenario.ResolvedYaml}). Every key and default is documented in
 * docs/scenario.md. Times are ps, rates bps, sizes bytes.
 */
package org.lossless.experiments.scenario;
