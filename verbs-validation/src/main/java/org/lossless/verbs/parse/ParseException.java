package org.lossless.verbs.parse;

/**
 * Input that cannot be read as the format it claims to be (or as any supported format). The message is
 * {@code FILE:LINE: what is wrong}, ready to show the user (exit status 2).
 */
public final class ParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;

    /**
     * @param line 1-based line number, or 0 when the problem concerns the whole file
     */
    public ParseException(String file, int line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
        this.file = file;
        this.line = line;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }
}
