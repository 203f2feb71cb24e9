package org.lossless.experiments.sweep;

/**
 * A run that did not complete.
 *
 * @param run    the run
 * @param reason one line: what went wrong (the error, a Slurm state and exit code)
 * @param log    where to read more (a Slurm task log), or null
 */
public record RunFailure(RunSpec run, String reason, String log) {
}
