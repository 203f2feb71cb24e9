/**
 * The scenario file (its units and keys, docs/scenario.md): the validated model
 * ({@link org.lossless.experiments.scenario.Scenario} and its config records; the {@code switch} section is
 * switch-model's {@code SwitchSettings}, read by {@code SwitchReader} (schema sections generically), {@code EcnReader}
 * and written by {@code SwitchYaml}; the {@code nic} section is nic-cc's
 * {@code NicConfig} with {@code DcqcnParams}, read by {@code NicReader}),
 * loading with {@code --set} overrides ({@link org.lossless.experiments.scenario.ScenarioLoader},
 * {@link org.lossless.experiments.scenario.Overrides}) and the resolved YAML written next to the results
 * ({@link org.lossless.experiments.scenario.ResolvedYaml}). Every key and default is documented in
 * docs/scenario.md. Times are ps, rates bps, sizes bytes.
 *
 * <p>The {@code workloads} section is read in the workloads module, next to the generators
 * ({@link org.lossless.workloads.spec.WorkloadReader}, called by {@code ScenarioReader} with the
 * {@link org.lossless.experiments.scenario.TopologyConfig} as its
 * {@link org.lossless.workloads.spec.WorkloadFabric}); every reader here and there walks the tree with
 * {@link org.lossless.workloads.yaml.Cursor} and reports a bad value as a
 * {@link org.lossless.workloads.yaml.ScenarioException}. This package keeps the YAML parser
 * ({@code Yaml}), the loader, the other sections and the resolved-YAML writers (the workload keys too:
 * {@code CollectiveYaml}, {@code TrafficWorkloadYaml}).
 */
package org.lossless.experiments.scenario;
