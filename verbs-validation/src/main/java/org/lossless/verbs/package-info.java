/**
 * verbs-validation: replays a scenario on real RoCE hosts and closes the loop with the simulator.
 *
 * <p>Each stage is data on disk that the next one reads (docs/verbs-validation.md):
 * {@link org.lossless.verbs.plan} writes a plan directory (the exact commands per host and a start
 * schedule), {@link org.lossless.verbs.run} executes it over ssh into a run bundle (raw outputs, counter
 * snapshots, versions, exit codes), {@link org.lossless.verbs.parse} turns raw outputs into one
 * {@link org.lossless.verbs.measure.Measurement} record, {@link org.lossless.verbs.compare} sets it against
 * a simulation of the same traffic, and {@link org.lossless.verbs.calibrate} fits the simulator to it.
 */
package org.lossless.verbs;
