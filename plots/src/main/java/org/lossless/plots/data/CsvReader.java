package org.lossless.plots.data;

import org.lossless.core.text.Printable;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Streams a CSV file with a header row, one row at a time, without making a string per line or field: the
 * file is read as UTF-8 bytes into a buffer, fields are offsets into it, numbers are parsed in place (result
 * files hold millions of rows: the report of a 1,000-host run reads a 200 MB links.csv). Text is decoded
 * only when asked for ({@link #text}). RFC 4180 quoted fields are understood (a quoted line is decoded and
 * unescaped into strings). Lines end with LF or CRLF. Columns are looked up by name; a missing column has
 * index -1 and reads as empty, so readers tolerate older files. Errors name the file and line.
 */
public final class CsvReader implements Closeable {
    private static final int CHUNK = 1 << 20;
    private final Path file;
    private final InputStream in;
    private final List<String> header;
    private byte[] buf = new byte[CHUNK];
    /** Valid bytes are buf[0, limit); the current line is buf[ls, le); the next starts at pos. */
    private int limit;
    private int pos;
    private int ls;
    private int le;
    private boolean eof;
    private int lineNo;
    private int[] start = new int[16];
    private int[] end = new int[16];
    private List<String> quoted;
    private int count;

    private CsvReader(Path file, InputStream in) throws IOException {
        this.file = file;
        this.in = in;
        this.header = new ArrayList<>();
        if (nextLine()) {
            String first = new String(buf, ls, le - ls, StandardCharsets.UTF_8);
            for (String h : first.split(",", -1)) {
                header.add(h.trim());
            }
        }
    }

    /** Opens {@code file} and reads its header; an empty file has an empty header and no rows. */
    public static CsvReader open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        try {
            return new CsvReader(file, in);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    public List<String> header() {
        return header;
    }

    public Path file() {
        return file;
    }

    /**
     * Refuses a file without the columns {@code names} (what makes it the file it claims to be: a flows.csv without
     * flow_id and size_bytes is not one), naming the file and the first missing column.
     */
    public void require(String what, String... names) {
        for (String n : names) {
            if (!header.contains(n)) {
                throw new IllegalArgumentException(file + ": not " + what + " (no column " + n + " in its header "
                        + "line)");
            }
        }
    }

    /** The index of column {@code name}, or -1 if the file has none. */
    public int column(String name) {
        return header.indexOf(name);
    }

    /** Advances to the next non-blank row; false at the end of the file. */
    public boolean next() {
        try {
            while (nextLine()) {
                if (!blank()) {
                    split();
                    if (count != header.size()) {
                        throw new IllegalArgumentException(file + ":" + lineNo + ": " + count + " fields where the "
                                + "header has " + header.size() + "; the file is damaged (cut short, or edited)");
                    }
                    return true;
                }
            }
            count = 0;
            quoted = null;
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ":" + lineNo + ": " + e.getMessage(), e);
        }
    }

    /** Finds the next line in the buffer, reading more of the file as needed; false at the end. */
    private boolean nextLine() throws IOException {
        int nl = indexOfNewline(pos);
        while (nl < 0 && !eof) {
            fill();
            nl = indexOfNewline(pos);
        }
        if (nl < 0 && pos >= limit) {
            return false;
        }
        ls = pos;
        le = nl < 0 ? limit : nl;
        pos = nl < 0 ? limit : nl + 1;
        if (le > ls && buf[le - 1] == '\r') {
            le--;
        }
        lineNo++;
        return true;
    }

    private int indexOfNewline(int from) {
        for (int i = from; i < limit; i++) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Moves the unread tail to the front (growing the buffer for a line longer than it) and reads more. */
    private void fill() throws IOException {
        int rest = limit - pos;
        if (rest == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        } else if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, rest);
        }
        pos = 0;
        limit = rest;
        int n = in.read(buf, limit, buf.length - limit);
        if (n < 0) {
            eof = true;
        } else {
            limit += n;
        }
    }

    private boolean blank() {
        for (int i = ls; i < le; i++) {
            if ((buf[i] & 0xff) > ' ') {
                return false;
            }
        }
        return true;
    }

    private void split() {
        quoted = null;
        for (int i = ls; i < le; i++) {
            if (buf[i] == '"') {
                quoted = unquote(new String(buf, ls, le - ls, StandardCharsets.UTF_8));
                count = quoted.size();
                return;
            }
        }
        count = 0;
        int s = ls;
        for (int i = ls; i <= le; i++) {
            if (i == le || buf[i] == ',') {
                if (count == start.length) {
                    start = Arrays.copyOf(start, count * 2);
                    end = Arrays.copyOf(end, count * 2);
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
        return quoted != null ? quoted.get(i) : new String(buf, start[i], end[i] - start[i], StandardCharsets.UTF_8);
    }

    /** Whether field {@code i} equals {@code s}, without making a string. */
    public boolean textEquals(int i, String s) {
        if (quoted != null || i < 0 || i >= count) {
            return text(i).equals(s);
        }
        int n = end[i] - start[i];
        if (n != s.length()) {
            return !ascii(i) && text(i).equals(s);
        }
        for (int k = 0; k < n; k++) {
            byte b = buf[start[i] + k];
            if (b < 0) {
                return text(i).equals(s);
            }
            if (b != s.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private boolean ascii(int i) {
        for (int k = start[i]; k < end[i]; k++) {
            if (buf[k] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * A hash of field {@code i}'s text (empty for an absent field), without making a string: equal texts give
     * equal hashes ({@link String#hashCode}'s).
     */
    public int fieldHash(int i) {
        if (quoted != null || i < 0 || i >= count) {
            return text(i).hashCode();
        }
        int h = 0;
        for (int k = start[i]; k < end[i]; k++) {
            if (buf[k] < 0) {
                return text(i).hashCode();
            }
            h = 31 * h + buf[k];
        }
        return h;
    }

    /** Field {@code i} as an integer, or {@code dflt} when empty or absent. */
    public long longAt(int i, long dflt) {
        if (isEmpty(i)) {
            return dflt;
        }
        if (quoted != null) {
            String q = quoted.get(i);
            try {
                return Long.parseLong(q.trim());
            } catch (NumberFormatException e) {
                return (long) doubleAt(i, Double.NaN);
            }
        }
        long v = 0;
        int from = start[i];
        int to = end[i];
        boolean neg = buf[from] == '-';
        int k = neg ? from + 1 : from;
        if (k == to) {
            throw bad(i);
        }
        for (; k < to; k++) {
            int c = buf[k] - '0';
            if (c < 0 || c > 9) {
                // not a plain integer (e.g. 1.0 or 1e3): accept it as a number if it is one
                return (long) doubleAt(i, Double.NaN);
            }
            if (v > (Long.MAX_VALUE - c) / 10) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": '" + Printable.of(text(i), 40)
                        + "' in column " + (i < header.size() ? header.get(i) : "#" + i) + " is out of range");
            }
            v = v * 10 + c;
        }
        return neg ? -v : v;
    }

    /** Field {@code i} as a number, or {@code dflt} when empty or absent. */
    public double doubleAt(int i, double dflt) {
        if (isEmpty(i)) {
            return dflt;
        }
        if (quoted == null) {
            // plain integers (most numbers in result files) without Double.parseDouble: exact below 10^15 < 2^53
            int from = start[i];
            int to = end[i];
            boolean neg = buf[from] == '-';
            int k = neg ? from + 1 : from;
            if (k < to && to - k <= 15) {
                long v = 0;
                for (; k < to; k++) {
                    int c = buf[k] - '0';
                    if (c < 0 || c > 9) {
                        break;
                    }
                    v = v * 10 + c;
                }
                if (k == to) {
                    return neg ? -v : v;
                }
            }
        }
        String t = text(i).trim();
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw bad(i);
        }
    }

    private IllegalArgumentException bad(int col) {
        return new IllegalArgumentException(file + ":" + lineNo + ": '" + Printable.of(text(col), 40) + "' in column "
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
