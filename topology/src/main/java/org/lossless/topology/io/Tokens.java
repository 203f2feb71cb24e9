package org.lossless.topology.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Whitespace-separated tokens with their line numbers: the HPCC files are read with C++ {@code >>},
 * so line breaks carry no meaning, but error messages should still point at a line.
 */
final class Tokens {
    private final String source;
    private final List<String> text = new ArrayList<>();
    /** Line of each token (text.size() of them used; an int array, not boxed: a flow file has 60,000 tokens). */
    private int[] lines = new int[64];
    private int next;

    /**
     * Splits {@code content} at {@link Character#isWhitespace} characters. The loop runs once per character of a
     * file of some 300,000 (a flow file), at start-up, mostly in the interpreter: it reads a char array and
     * tests ASCII whitespace inline ({@link #isWhitespace}), a few bytecodes per character instead of
     * {@code charAt} and {@code Character.isWhitespace} calls (which it still makes for characters beyond ASCII).
     */
    Tokens(String source, String content) {
        this.source = source;
        char[] cs = content.toCharArray();
        int n = cs.length;
        int line = 1;
        int i = 0;
        while (i < n) {
            char c = cs[i];
            if (c == '\n') {
                line++;
                i++;
            } else if (isWhitespace(c)) {
                i++;
            } else {
                int start = i;
                while (i < n && !isWhitespace(cs[i])) {
                    i++;
                }
                if (text.size() == lines.length) {
                    lines = Arrays.copyOf(lines, lines.length * 2);
                }
                lines[text.size()] = line;
                text.add(new String(cs, start, i - start));
            }
        }
    }

    /**
     * {@link Character#isWhitespace}, answered inline for ASCII: space, tab, line feed, vertical tab, form feed,
     * carriage return and the four separators U+001C..U+001F (the ASCII characters it accepts).
     */
    static boolean isWhitespace(char c) {
        if (c > ' ') {
            return c >= 128 && Character.isWhitespace(c);
        }
        return c == ' ' || (c >= '\t' && c <= '\r') || c >= '\u001C';
    }

    boolean hasNext() {
        return next < text.size();
    }

    int remaining() {
        return text.size() - next;
    }

    /** Line of the next token (or of the last one at the end). */
    int line() {
        return text.isEmpty() ? 1 : lines[Math.min(next, text.size() - 1)];
    }

    /** How many tokens share the line of the next token. */
    int tokensOnLineOfNext() {
        int line = lines[next];
        int count = 0;
        for (int i = next; i < text.size() && lines[i] == line; i++) {
            count++;
        }
        for (int i = next - 1; i >= 0 && lines[i] == line; i--) {
            count++;
        }
        return count;
    }

    /** True if the next token parses as a number. */
    boolean nextIsNumber() {
        if (!hasNext()) {
            return false;
        }
        try {
            new java.math.BigDecimal(text.get(next));
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * Refuses a file whose first word is not an integer: it is not a file of this format ({@code kind}, e.g. "an
     * HPCC topology file"), and nothing of its content is shown (a secret file named by mistake stays secret).
     *
     * @param header what the first line holds, e.g. "NODES SWITCHES LINKS"
     */
    void requireFormat(String kind, String header) {
        if (hasNext()) {
            try {
                Long.parseLong(text.get(next));
                return;
            } catch (NumberFormatException e) {
                // not the header
            }
        }
        throw new IllegalArgumentException(source + ": is not " + kind + " (" + (hasNext() ? "its first line must be "
                : "it is empty; the first line must be ") + "'" + header + "')");
    }

    String next(String what) {
        if (!hasNext()) {
            throw error("unexpected end of file, expected " + what);
        }
        return text.get(next++);
    }

    int nextInt(String what, int min, int max) {
        return (int) nextLong(what, min, max);
    }

    int nextInt(Supplier<String> what, int min, int max) {
        return (int) nextLong(what, min, max);
    }

    long nextLong(String what, long min, long max) {
        return nextLong(() -> what, min, max);
    }

    /** As {@link #nextLong(String, long, long)}, the label made only for an error message (a flow file's 60,000). */
    long nextLong(Supplier<String> what, long min, long max) {
        if (!hasNext()) {
            throw error("unexpected end of file, expected " + what.get());
        }
        String t = text.get(next++);
        long v;
        try {
            v = Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw errorAtPrevious(what.get() + " must be an integer, got '" + org.lossless.core.text.Printable.of(t, 40) + "'");
        }
        if (v < min || v > max) {
            throw errorAtPrevious(what.get() + " must be in " + min + ".." + max + ", got " + v);
        }
        return v;
    }

    IllegalArgumentException error(String message) {
        return new IllegalArgumentException(source + " line " + line() + ": " + message);
    }

    IllegalArgumentException errorAtPrevious(String message) {
        return new IllegalArgumentException(source + " line " + lines[next - 1] + ": " + message);
    }

    String where() {
        return source + " line " + line();
    }
}
