/**
 * The scenario-tree layer every section reader walks: a {@link org.lossless.workloads.yaml.Cursor} is a node
 * of the parsed scenario and its key path ({@code workloads[0].flows[2].dst}), with typed readers (sizes,
 * times, rates and fractions through {@code org.lossless.core.units.Units}, integers in a range, choices)
 * and the "unknown key, did you mean" check of a mapping; a
 * {@link org.lossless.workloads.yaml.Source} is where the tree came from (file, folder, {@code --set}
 * overrides); a {@link org.lossless.workloads.yaml.ScenarioException} is the one error a bad scenario gives
 * (file, key path, what is wrong: exit status 2 in the CLI); {@link org.lossless.workloads.yaml.ScenarioFiles}
 * reads the files a key names, within the same size cap as the scenario file.
 *
 * <p>It sits in {@code workloads}, not in {@code experiments} with the scenario loader, because the
 * workload readers ({@code org.lossless.workloads.spec}) live next to the traffic generators they configure
 * and need it; the loader, the YAML parser and the other sections' readers (topology, switch, NIC,
 * telemetry) stay in {@code org.lossless.experiments.scenario} and use it from there.
 */
package org.lossless.workloads.yaml;
