/**
 * Sweeps (docs/sweeps.md): a {@link org.lossless.experiments.sweep.SweepDefinition} (scenario, common
 * overrides, {@link org.lossless.experiments.sweep.SweepPoint}s from {@code --vary} ({@link
 * org.lossless.experiments.sweep.VaryParser}, {@link org.lossless.experiments.sweep.Grid}) or a sweep file
 * ({@link org.lossless.experiments.sweep.PointsFile}), replications on common seeds) is a list of
 * {@link org.lossless.experiments.sweep.RunSpec}s, each a normal result directory
 * {@code points/POINT/SEED/} in a {@link org.lossless.experiments.sweep.SweepDirectory}. An
 * {@link org.lossless.experiments.sweep.Executor} only decides where runs execute
 * ({@link org.lossless.experiments.sweep.LocalExecutor}: in-process workers;
 * {@link org.lossless.experiments.sweep.SlurmExecutor}: a job array of
 * {@link org.lossless.experiments.sweep.SweepTask}s); sweep.csv ({@link org.lossless.experiments.sweep.SweepTable})
 * and sweep-summary.csv ({@link org.lossless.experiments.sweep.SweepSummary}) are built afterwards from the
 * directories on disk, so local, Slurm and resumed sweeps cannot disagree. {@link org.lossless.experiments.sweep.Sweep}
 * ties it together (prepare, run what is missing, finish).
 */
package org.lossless.experiments.sweep;
