/**
 * {@code lossless calibrate}: fits the simulator to replayed runs in three stages
 * (docs/verbs-validation.md): (1) take every setting the hardware states ({@link org.lossless.verbs.calibrate.TruthImport}:
 * DCQCN knobs, MTU, link rate, imported NIC and switch settings), never fitted; (2) fixed latencies from
 * micro-benchmarks in closed form ({@link org.lossless.verbs.calibrate.LatencyFit}); (3) a few unknowns,
 * each a scenario key path with bounds ({@link org.lossless.verbs.calibrate.FitParameter}), with a bounded
 * Commons Math optimizer against several runs, some held out ({@link org.lossless.verbs.calibrate.Calibrator}).
 * Every estimate comes with its uncertainty; one the runs cannot pin down is reported as not identifiable.
 */
package org.lossless.verbs.calibrate;
