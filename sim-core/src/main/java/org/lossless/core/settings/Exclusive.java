package org.lossless.core.settings;

import java.util.List;

/**
 * Keys of one section of which at most one may be given (e.g. {@code dynamic_th | static_th}); a default
 * applies to a member only when no member is given.
 *
 * @param names   two or more key names of the section
 * @param message the error when more than one is given, e.g. "give either dynamic_th or static_th, not both"
 */
public record Exclusive(List<String> names, String message) {
    public Exclusive {
        names = List.copyOf(names);
        if (names.size() < 2 || names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("an exclusive group needs two or more distinct keys, got " + names);
        }
        if (message == null || message.isBlank()) {
            throw new IllegalArgumentException("an exclusive group needs a message");
        }
    }
}
