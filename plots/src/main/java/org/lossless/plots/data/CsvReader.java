package org.lossless.plots.data;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Streams a CSV file with a header row, one row at a time, without splitting lines into new strings:
 * fields are offsets into the current line, numbers are parsed in place. RFC 4180 quoted fields are
 * understood (a quoted line is unescaped into strings). Columns are looked up by name; a missing column
 * has index -1 and reads as empty, so readers tolerate older files. Errors name the file and line.
 */
public final class CsvReader implements Closeable {
    private final Path file;
    private final BufferedReader in;
    private final List<String> header;
    private String line;
    private int lineNo = 1;
    private int[] start = new int[16];
    private int[] end = new int[16];
    private List<String> quoted;
    private int count;

    private CsvReader(Path file, BufferedReader in, List<String> header) {
        this.file = file;
        this.in = in;
        this.header = header;
    }

    /** Opens {@code file} and reads its header; an empty file has an empty header and no rows. */
    public static CsvReader open(Path file) throws IOException {
        BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        String first = in.readLine();
        List<String> header = new ArrayList<>();
        if (first != null) {
            for (String h : first.split(",", -1)) {
                header.add(h.trim());
            }
        }
        return new CsvReader(file, in, header);
    }

    public List<String> header() {
        return header;
    }

    public Path file() {
        return file;
    }

    /** The index of column {@code name}, or -1 if the file has none. */
    public int column(String name) {
        return header.indexOf(name);
    }

    /** Advances to the next non-blank row; false at the end of the file. */
    public boolean next() {
        try {
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (!line.isBlank()) {
                    split();
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ":" + lineNo + ": " + e.getMessage(), e);
        }
    }

    private void split() {
        quoted = null;
        if (line.indexOf('"') >= 0) {
            quoted = unquote(line);
            count = quoted.size();
            return;
        }
        count = 0;
        int s = 0;
        for (int i = 0; i <= line.length(); i++) {
            if (i == line.length() || line.charAt(i) == ',') {
                if (count == start.length) {
                    start = java.util.Arrays.copyOf(start, count * 2);
                    end = java.util.Arrays.copyOf(end, count * 2);
                }
                start[count] = s;
                end[count] = i;
                count++;
                s = i + 1;
            }
        }
    }

    private static List<String> unquote(String l) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean q = false;
        for (int i = 0; i < l.length(); i++) {
            char c = l.charAt(i);
            if (q) {
                if (c == '"' && i + 1 < l.length() && l.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    q = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                q = true;
            } else if (c == ',') {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(c);
            }
        }
        out.add(f.toString());
        return out;
    }

    /** Whether field {@code i} is absent (no such column, a short row) or empty. */
    public boolean isEmpty(int i) {
        if (i < 0 || i >= count) {
            return true;
        }
        return quoted != null ? quoted.get(i).isEmpty() : start[i] == end[i];
    }

    /** Field {@code i} as text; empty for an absent column. */
    public String text(int i) {
        if (i < 0 || i >= count) {
            return "";
        }
        return quoted != null ? quoted.get(i) : line.substring(start[i], end[i]);
    }

    /** Whether field {@code i} equals {@code s}, without making a string. */
    public boolean textEquals(int i, String s) {
        if (quoted != null || i < 0 || i >= count) {
            return text(i).equals(s);
        }
        return end[i] - start[i] == s.length() && line.startsWith(s, start[i]);
    }

    /** Field {@code i} as an integer, or {@code dflt} when empty or absent. */
    public long longAt(int i, long dflt) {
        if (isEmpty(i)) {
            return dflt;
        }
        if (quoted != null) {
            return parseLong(quoted.get(i), 0, quoted.get(i).length(), i);
        }
        return parseLong(line, start[i], end[i], i);
    }

    private long parseLong(String s, int from, int to, int col) {
        long v = 0;
        boolean neg = s.charAt(from) == '-';
        int i = neg ? from + 1 : from;
        if (i == to) {
            throw bad(col);
        }
        for (; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                // not a plain integer (e.g. 1.0 or 1e3): accept it as a number if it is one
                return (long) doubleAt(col, Double.NaN);
            }
            v = v * 10 + (c - '0');
        }
        return neg ? -v : v;
    }

    /** Field {@code i} as a number, or {@code dflt} when empty or absent. */
    public double doubleAt(int i, double dflt) {
        if (isEmpty(i)) {
            return dflt;
        }
        String t = text(i).trim();
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw bad(i);
        }
    }

    private IllegalArgumentException bad(int col) {
        return new IllegalArgumentException(file + ":" + lineNo + ": '" + text(col) + "' in column "
                + (col < header.size() ? header.get(col) : "#" + col) + " is not a number");
    }

    /** The current line number (1 = header). */
    public int lineNumber() {
        return lineNo;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
