/**
 * The {@code workloads} section of a scenario: one reader per workload type, each next to the generator it
 * configures ({@link org.lossless.workloads.spec.WorkloadReader} dispatches on {@code type}; {@code FlowsReader}
 * and {@code HpccFlowsReader} for the flow lists of {@link org.lossless.workloads.flows}, {@code CdfReader},
 * {@code IncastReader} and {@code PermutationReader} for {@link org.lossless.workloads.datacenter},
 * {@code NvmeofReader}, {@code ReplicationReader} and {@code CheckpointReader} for
 * {@link org.lossless.workloads.storage}, {@code CollectiveReader} and {@code PlacementReader} for
 * {@link org.lossless.workloads.collective}), and the validated records they give
 * ({@link org.lossless.workloads.spec.WorkloadConfig}, {@link org.lossless.workloads.spec.ProgramWorkload},
 * {@link org.lossless.workloads.spec.StorageWorkloads}, {@link org.lossless.workloads.spec.DatacenterWorkloads}).
 *
 * <p>Why here and not with the scenario loader in {@code experiments}: a workload type's keys, defaults and
 * checks belong with the program that runs it, so adding a type touches one module. The readers walk the tree
 * with {@link org.lossless.workloads.yaml.Cursor} and see the fabric only through
 * {@link org.lossless.workloads.spec.WorkloadFabric}; {@code experiments} (ScenarioReader) calls
 * {@link org.lossless.workloads.spec.WorkloadReader#read} and writes the resolved keys back (ResolvedYaml).
 *
 * <p>The flow, storage and datacenter types declare their keys once, as {@link org.lossless.core.settings.Section}s
 * ({@link org.lossless.workloads.spec.FlowsSchema}, {@link org.lossless.workloads.spec.StorageSchema},
 * {@link org.lossless.workloads.spec.DatacenterSchema}): their readers read the plain keys through them
 * ({@link org.lossless.workloads.yaml.SectionReader}), and the resolved scenario and the docs' key tables are written
 * from them.
 *
 * <p>Every error is a {@link org.lossless.workloads.yaml.ScenarioException} naming the file, the key path and
 * what is wrong; docs/scenario.md lists every key and default. Times are ps, sizes bytes, rates bps.
 */
package org.lossless.workloads.spec;
