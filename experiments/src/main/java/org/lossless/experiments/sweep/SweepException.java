package org.lossless.experiments.sweep;

import org.lossless.workloads.yaml.ScenarioException;

/** Bad input to a sweep (an option, the output directory, a definition that does not match): exit status 2. */
public final class SweepException extends ScenarioException {
    private static final long serialVersionUID = 1L;

    public SweepException(String message) {
        super(message);
    }
}
