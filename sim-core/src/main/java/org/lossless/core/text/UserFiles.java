package org.lossless.core.text;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reading a file the user named (a scenario, a flow list, a CONFIG_DB, a sysfs dump): only regular files
 * (a FIFO would block forever, {@code /dev/zero} would never end), at most a given size, strictly UTF-8.
 * Every failure is an {@link IllegalArgumentException} whose message starts with the file's display name
 * and never quotes the file's content.
 */
public final class UserFiles {
    /** Default cap for text inputs: 256 MiB. */
    public static final long DEFAULT_MAX_BYTES = 256L * 1024 * 1024;

    private UserFiles() {
    }

    /** The text of {@code file} (UTF-8), named {@code display} in messages, at most {@code maxBytes} long. */
    public static String readText(Path file, String display, long maxBytes) {
        String name = Printable.of(display, 200);
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(name + ": is a directory, expected a file");
        }
        if (!Files.exists(file)) {
            throw new IllegalArgumentException(name + ": no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(name + ": is not a regular file (a device, FIFO or socket); "
                    + "copy its content into a file");
        }
        byte[] bytes;
        try {
            if (Files.size(file) > maxBytes) {
                throw tooLarge(name, maxBytes);
            }
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            }
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(name + ": no such file");
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException(name + ": cannot be read: permission denied");
        } catch (IOException e) {
            throw new IllegalArgumentException(name + ": cannot be read: " + Printable.of(e.getMessage(), 120));
        }
        if (bytes.length > maxBytes) {
            throw tooLarge(name, maxBytes);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(name + ": is not UTF-8 text");
        }
    }

    /**
     * Refuses text that holds control characters other than tab, line feed, carriage return and form feed (a NUL
     * byte: a binary file named by mistake), naming the first one's line; nothing of the content is shown.
     *
     * @throws IllegalArgumentException "NAME: is not a text file (a control character U+0000 on line 2)"
     */
    public static void requireText(String display, String text) {
        int line = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
            } else if (c < 0x20 && c != '\t' && c != '\r' && c != '\f' || c == 0x7f) {
                throw new IllegalArgumentException(Printable.of(display, 200) + ": is not a text file (a control "
                        + "character U+" + String.format("%04X", (int) c) + " on line " + line + ")");
            }
        }
    }

    private static IllegalArgumentException tooLarge(String name, long maxBytes) {
        return new IllegalArgumentException(name + ": is larger than " + (maxBytes >= 1 << 20 ? maxBytes / (1 << 20)
                + " MiB" : maxBytes + " bytes") + ", the most Lossless reads from such a file");
    }
}
