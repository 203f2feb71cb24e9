/**
 * The {@code lossless} command line (its commands, options and exit statuses are a documented interface users
 * script against: {@code lossless --help}, README.md), built with picocli: {@link org.lossless.cli.Main}
 * (entry point, always exits with the status), {@link org.lossless.cli.Cli} (in-process, returns the
 * status), one class per command (command groups such as {@code export} and {@code import} have a
 * class of their own and one per subcommand, all registered in {@code Cli.commandLine()}), and
 * {@link org.lossless.cli.Runners}, the single place where the simulation engine and the report writer
 * are wired in.
 */
package org.lossless.cli;
