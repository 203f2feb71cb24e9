package org.lossless.topology.io;

import java.util.ArrayList;
import java.util.List;

/**
 * Whitespace-separated tokens with their line numbers: the HPCC files are read with C++ {@code >>},
 * so line breaks carry no meaning, but error messages should still point at a line.
 */
final class Tokens {
    private final String source;
    private final List<String> text = new ArrayList<>();
    private final List<Integer> lines = new ArrayList<>();
    private int next;

    Tokens(String source, String content) {
        this.source = source;
        int line = 1;
        int i = 0;
        while (i < content.length()) {
            char c = content.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else {
                int start = i;
                while (i < content.length() && !Character.isWhitespace(content.charAt(i))) {
                    i++;
                }
                text.add(content.substring(start, i));
                lines.add(line);
            }
        }
    }

    boolean hasNext() {
        return next < text.size();
    }

    int remaining() {
        return text.size() - next;
    }

    /** Line of the next token (or of the last one at the end). */
    int line() {
        return lines.isEmpty() ? 1 : lines.get(Math.min(next, lines.size() - 1));
    }

    /** How many tokens share the line of the next token. */
    int tokensOnLineOfNext() {
        int line = lines.get(next);
        int count = 0;
        for (int i = next; i < lines.size() && lines.get(i) == line; i++) {
            count++;
        }
        for (int i = next - 1; i >= 0 && lines.get(i) == line; i--) {
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

    String next(String what) {
        if (!hasNext()) {
            throw error("unexpected end of file, expected " + what);
        }
        return text.get(next++);
    }

    int nextInt(String what, int min, int max) {
        return (int) nextLong(what, min, max);
    }

    long nextLong(String what, long min, long max) {
        String t = next(what);
        long v;
        try {
            v = Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw errorAtPrevious(what + " must be an integer, got '" + t + "'");
        }
        if (v < min || v > max) {
            throw errorAtPrevious(what + " must be in " + min + ".." + max + ", got " + v);
        }
        return v;
    }

    IllegalArgumentException error(String message) {
        return new IllegalArgumentException(source + " line " + line() + ": " + message);
    }

    IllegalArgumentException errorAtPrevious(String message) {
        return new IllegalArgumentException(source + " line " + lines.get(next - 1) + ": " + message);
    }

    String where() {
        return source + " line " + line();
    }
}
