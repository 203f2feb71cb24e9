package org.lossless.core.settings;

import java.util.Objects;
import java.util.function.Function;

/**
 * How a {@link Key} whose accepted text is the section's own (not the generic reader's) is read and written:
 * e.g. DCQCN's booleans also take {@code 1}/{@code yes}, its fractions are written {@code 1/256}, and a
 * congestion control's messages end in "; expected ...". The generic reader takes the scalar text (a non-scalar
 * is "expected {@code expected}, got ..."), strips it and hands it to {@code parse}, whose
 * {@link IllegalArgumentException} message is the user's message at the key's path. No range check is made
 * here: the section's settings record makes it (see {@link Bounds}).
 *
 * @param expected what a value looks like, for the non-scalar message, e.g. "a time such as 50us"
 * @param parse    stripped text to the value in canonical units ({@link Kind}'s Java type)
 * @param yaml     a value to the scalar the resolved scenario writes: a {@link String} (written as text, except
 *                 {@code "0"}, written as the number), a {@link Number} or a {@link Boolean}
 */
public record TextForm(String expected, Function<String, Object> parse, Function<Object, Object> yaml) {
    public TextForm {
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(parse, "parse");
        Objects.requireNonNull(yaml, "yaml");
    }
}
