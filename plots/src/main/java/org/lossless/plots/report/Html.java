package org.lossless.plots.report;

/** A tiny HTML writer: escaping and a few elements; everything the report emits goes through it. */
final class Html {
    private final StringBuilder sb = new StringBuilder(1 << 16);

    /** Text with {@code & < > " '} escaped. */
    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** Raw markup (already escaped or generated). */
    Html raw(String s) {
        sb.append(s);
        return this;
    }

    /** Escaped text. */
    Html text(String s) {
        sb.append(esc(s));
        return this;
    }

    /** {@code <tag class="cls">escaped text</tag>}. */
    Html el(String tag, String cls, String text) {
        sb.append('<').append(tag);
        if (cls != null) {
            sb.append(" class=\"").append(cls).append('"');
        }
        sb.append('>').append(esc(text)).append("</").append(tag).append('>');
        return this;
    }

    Html open(String tagAndAttributes) {
        sb.append('<').append(tagAndAttributes).append('>');
        return this;
    }

    Html close(String tag) {
        sb.append("</").append(tag).append(">\n");
        return this;
    }

    /** A table row of escaped cells; {@code header} for th cells. */
    Html row(boolean header, String... cells) {
        sb.append("<tr>");
        for (String c : cells) {
            sb.append(header ? "<th>" : "<td>").append(esc(c)).append(header ? "</th>" : "</td>");
        }
        sb.append("</tr>\n");
        return this;
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
