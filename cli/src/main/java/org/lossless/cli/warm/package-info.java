/**
 * The warm JVM ({@code lossless daemon}): one long-lived JVM per user and {@code lossless.jar} that runs
 * {@code lossless run} and {@code lossless check} for later {@code lossless} processes, so that they skip the JVM's
 * start, its interpreter and most of its compiling (about 2.4 s of CPU on a 320-host fat-tree run, 0.5 s on a tiny one).
 *
 * <ul>
 * <li>{@link org.lossless.cli.warm.WarmServer}: the server side, on a Unix-domain socket in a folder only its user can
 * enter ({@link org.lossless.cli.warm.WarmPaths}), one command at a time; it refuses (and the client runs the command
 * itself, as without a daemon) when it is busy, when the client's environment, JVM options or umask differ from its
 * own, when an argument leads into the daemon's own process state ({@link org.lossless.cli.warm.ProcessPaths}), or
 * when {@code lossless.jar} has been rebuilt since it started (it then ends). Requests are bounded in time and size
 * ({@link org.lossless.cli.warm.WarmGate}, {@link org.lossless.cli.warm.WarmRequest}); after each command it gives
 * the command's memory back.</li>
 * <li>{@link org.lossless.cli.warm.WarmClient}: a client in the JVM, called by {@link org.lossless.cli.Main}; it
 * sends nothing before it knows the daemon is its user's own (the folder, the socket file and the listening process's
 * credentials: {@link org.lossless.cli.warm.WarmPeer}), streams the command's stdout and stderr, returns its exit
 * status, and passes on Ctrl-C and SIGTERM (the command is interrupted exactly as in its own JVM: one line, no
 * partial results).</li>
 * <li>{@code cli/warm-client.pl}: the launcher's client, the same in perl (0.04 s of CPU per command where a JVM
 * costs 0.3 s), with the same checks and the launcher's pointer file checked too; when the daemon does not take the command it replaces itself by the JVM of the command, which runs
 * it (with {@code LOSSLESS_DAEMON=0}, so that its JVM does not ask again).</li>
 * <li>{@link org.lossless.cli.warm.WarmProtocol}: the frames on the socket.</li>
 * </ul>
 */
package org.lossless.cli.warm;
