package org.lossless.verbs.io;

/** CSV fields (RFC 4180 quoting) for the files verbs-validation writes. */
public final class CsvText {
    private CsvText() {
    }

    /** A field, quoted only if it holds a comma, quote or line break. */
    public static String field(String s) {
        if (s == null) {
            return "";
        }
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
