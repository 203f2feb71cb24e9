package org.lossless.verbs.parse;

import org.lossless.verbs.Fixtures;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.MeasurementBuilder;

/** Parsing fixtures and inline texts in tests. */
final class ParseHelper {
    private ParseHelper() {
    }

    static Measurement fixture(String name) {
        return text(name, Fixtures.text(name));
    }

    static Measurement text(String name, String text) {
        MeasurementBuilder b = new MeasurementBuilder();
        Parsers.parse(TextInput.of(name, text), Parsers.Origin.NONE, b);
        return b.build();
    }
}
