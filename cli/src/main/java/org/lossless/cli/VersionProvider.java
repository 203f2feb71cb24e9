package org.lossless.cli;

import org.lossless.experiments.results.Version;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: "lossless 0.1.0". */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"lossless " + Version.current()};
    }
}
