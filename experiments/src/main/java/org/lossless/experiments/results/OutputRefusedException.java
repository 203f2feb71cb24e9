package org.lossless.experiments.results;

import org.lossless.workloads.yaml.ScenarioException;

/**
 * A target that Lossless will not write: it holds something Lossless did not write, or a file exists and
 * {@code --force} was not given ({@link OutputRule}). Bad input (the CLI exits with status 2); nothing was touched.
 */
public final class OutputRefusedException extends ScenarioException {
    private static final long serialVersionUID = 1L;

    public OutputRefusedException(String message) {
        super(message);
    }
}
