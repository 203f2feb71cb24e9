/**
 * The {@code lossless} command line (CONTRACT.md §2). This branch adds {@link org.lossless.cli.FluidCommand}
 * ({@code lossless fluid}) and {@link org.lossless.cli.ImportMlx5Command} ({@code lossless import mlx5}),
 * to be registered as subcommands by the main command.
 */
package org.lossless.cli;
