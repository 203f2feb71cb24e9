package org.lossless.topology.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link Tokens}: what counts as whitespace between tokens, and the line of each token. */
class TokensTest {
    @Test
    void whitespaceIsTheJdksForEveryChar() {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            assertEquals(Character.isWhitespace((char) c), Tokens.isWhitespace((char) c), "char " + c);
        }
    }

    @Test
    void theAsciiWhitespaceListedByHand() {
        // space, \t \n \u000B \f \r and the file/group/record/unit separators; nothing else below 128
        for (char c : new char[] {' ', '\t', '\n', '\u000B', '\f', '\r', '\u001C', '\u001D', '\u001E', '\u001F'}) {
            assertTrue(Tokens.isWhitespace(c), "char " + (int) c);
        }
        for (char c : new char[] {'\u0000', '\u0008', '\u000E', '\u001B', '!', '0', 'a', '\u007F', '\u00A0'}) {
            assertFalse(Tokens.isWhitespace(c), "char " + (int) c);
        }
        assertTrue(Tokens.isWhitespace('\u2028')); // a line separator beyond ASCII: the JDK's answer
    }

    @Test
    void tokensAndTheirLines() {
        Tokens t = new Tokens("f.txt", "3\n 1 2\t\t7\r\n\n\u2003x\u00A0y  1e-9\n");
        assertEquals(6, t.remaining());
        assertEquals(1, t.line());
        assertEquals("3", t.next("a"));
        assertEquals(2, t.line());
        assertEquals("1", t.next("a"));
        assertEquals("2", t.next("a"));
        assertEquals("7", t.next("a"));
        assertEquals(4, t.line());
        assertEquals("x\u00A0y", t.next("a")); // no-break space is not whitespace for Character.isWhitespace
        assertEquals("1e-9", t.next("a"));
        assertFalse(t.hasNext());
    }
}
