/**
 * {@code lossless calibrate}: fits the simulator to replayed runs in three stages
 * (docs/verbs-validation.md): (1) take every setting the hardware states ({@link org.lossless.verbs.calibrate.TruthImport}:
 * DCQCN knobs, MTU, link rate, imported NIC and switch settings), never fitted; (2) fixed latencies from
 * micro-benchmarks in closed form ({@link org.lossless.verbs.calibrate.LatencyFit}); (3) a few unknowns,
 * each a scenario key path with bounds ({@link org.lossless.verbs.calibrate.FitParameter}), fitted by a multi-start
 * search ({@link org.lossless.verbs.calibrate.Search}) against experiments whose repeats and seeds (or, for a
 * simulation the seed does not change, its roughness: {@link org.lossless.verbs.calibrate.Roughness}) give the noise
 * ({@link org.lossless.verbs.calibrate.NoiseModel}); each estimate gets a bootstrap-calibrated 95 % interval mapped
 * by simulation ({@link org.lossless.verbs.calibrate.Bootstrap}, {@link org.lossless.verbs.calibrate.Region}) and a
 * verdict with the runs that would pin it ({@link org.lossless.verbs.calibrate.Verdicts},
 * {@link org.lossless.verbs.calibrate.RunAdvice}); fitted and held-out runs are tested for a misfit of the model
 * ({@link org.lossless.verbs.calibrate.MisfitCheck}); one hard cap bounds the simulations
 * ({@link org.lossless.verbs.calibrate.Budget}). The coverage of the intervals is measured on synthetic truth
 * (docs/validation.md, H-12).
 */
package org.lossless.verbs.calibrate;
