package org.lossless.verbs.measure;

/**
 * A bare number such as perftest prints with {@code --output=bandwidth|message_rate|latency}. The file does
 * not say which; {@code meaning} is the plan's option when known, else "unknown".
 */
public record SingleValue(String id, Long flowId, String host, double value, String meaning) {
}
