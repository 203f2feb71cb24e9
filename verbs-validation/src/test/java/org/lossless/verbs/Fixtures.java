package org.lossless.verbs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.lossless.verbs.parse.TextInput;

/** The real tool outputs in test resources {@code fixtures/}, first (provenance) line dropped. */
public final class Fixtures {
    private Fixtures() {
    }

    /** The fixture's text without its first line when that is a '#' provenance comment (JSON fixtures keep theirs in a key). */
    public static String text(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return all.startsWith("#") ? all.substring(all.indexOf('\n') + 1) : all;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static TextInput input(String name) {
        return TextInput.of(name, text(name));
    }
}
