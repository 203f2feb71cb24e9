/**
 * Replay of a recorded message dependency graph ({@code lossless export flows} output): each message is
 * posted when the messages it depends on have been delivered, after its own software delay, on the
 * connection it was recorded on. Used to check that an exported collective reproduces its job time and
 * to drive other tools' traffic through Lossless.
 */
package org.lossless.workloads.replay;
