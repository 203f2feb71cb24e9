package org.lossless.cli;

import java.util.List;

import org.lossless.experiments.lint.Finding;
import org.lossless.experiments.lint.Lints;
import org.lossless.experiments.scenario.Scenario;

/**
 * What a loaded scenario does that is legal but worth telling, as the console prints it: the messages of
 * {@link Lints#of}'s findings (the same findings every run writes to {@code warnings.json}).
 */
final class Warnings {
    private Warnings() {
    }

    /** The findings' messages, console order. */
    static List<String> of(Scenario s) {
        return Finding.messages(Lints.of(s));
    }

    /** Each warning on stderr as {@code lossless: warning: ...}. */
    static void print(Context ctx, Scenario s) {
        print(ctx, of(s));
    }

    /** Each of {@code warnings} on stderr as {@code lossless: warning: ...}. */
    static void print(Context ctx, List<String> warnings) {
        for (String w : warnings) {
            ctx.err().println("lossless: warning: " + w);
        }
        ctx.err().flush();
    }
}
