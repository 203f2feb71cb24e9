package org.lossless.switchmodel.headroom;

/**
 * One term of a headroom sum.
 *
 * @param key     stable identifier (e.g. {@code peer_response}), for tests and machine output
 * @param label   human label
 * @param bytes   value in bytes (fractional where the formula is)
 * @param formula how it was computed, with the numbers
 */
public record Component(String key, String label, double bytes, String formula) {
}
