package org.lossless.verbs.parse;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import org.lossless.verbs.io.InputFiles;

/**
 * A text file as lines (line {@code i} of the file is {@code line(i)}, 1-based), with the name used in
 * messages. Line endings {@code \n} and {@code \r\n} are accepted.
 */
public record TextInput(String name, List<String> lines, String text) {
    public TextInput {
        lines = List.copyOf(lines);
    }

    /** Text from memory. */
    public static TextInput of(String name, String text) {
        String t = text.replace("\r\n", "\n");
        List<String> lines = List.of(t.split("\n", -1));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines = lines.subList(0, lines.size() - 1);
        }
        return new TextInput(name, lines, t);
    }

    /**
     * Reads a UTF-8 file; a missing, unreadable or binary file, or one that is not a regular file of at most
     * {@link InputFiles#MAX_BYTES} (a device, a FIFO), is a {@link ParseException}.
     */
    public static TextInput read(Path file, String name) {
        byte[] bytes;
        try {
            bytes = InputFiles.read(file);
        } catch (NoSuchFileException e) {
            throw new ParseException(name, 0, "no such file");
        } catch (InputFiles.NotReadable e) {
            throw new ParseException(name, 0, e.getMessage());
        } catch (IOException e) {
            throw new ParseException(name, 0, "cannot be read: " + e.getMessage());
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ParseException(name, 0, "is not UTF-8 text (a binary file?)");
        }
        if (text.indexOf('\0') >= 0) {
            throw new ParseException(name, 0, "is not text (it contains NUL bytes)");
        }
        return of(name, text);
    }

    /** Line {@code i}, 1-based. */
    public String line(int i) {
        return lines.get(i - 1);
    }

    public int size() {
        return lines.size();
    }

    /** Number of the last line that is not blank, or 0. */
    public int lastNonBlank() {
        for (int i = lines.size(); i >= 1; i--) {
            if (!lines.get(i - 1).isBlank()) {
                return i;
            }
        }
        return 0;
    }

    /** A parse error at line {@code i}. */
    public ParseException error(int i, String problem) {
        return new ParseException(name, i, problem);
    }
}
