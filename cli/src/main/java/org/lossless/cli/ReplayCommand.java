package org.lossless.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code lossless replay plan|run|parse|compare}: the group. */
@Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Replays a scenario on real RoCE hosts and compares what they measured with the simulation.",
            "'replay plan' (commands per lab host), 'replay run' (execute over ssh into a run bundle), 'replay parse'"
                + " (tool outputs or a bundle as a measurement record, JSON), 'replay compare' (simulated against"
                + " measured). See docs/verbs-validation.md."})
final class ReplayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        return GroupCommands.missingSubcommand(spec);
    }
}
