package org.lossless.verbs.measure;

/**
 * One parsed input.
 *
 * @param file   the file as named on the command line or its path inside the bundle
 * @param format the detected format ({@link org.lossless.verbs.parse.Format#id()})
 * @param host   the lab host it came from, or null for a file parsed on its own
 * @param detail what it is within a bundle (e.g. "pre snapshot", "process c0 stdout"), or null
 */
public record Source(String file, String format, String host, String detail) {
}
