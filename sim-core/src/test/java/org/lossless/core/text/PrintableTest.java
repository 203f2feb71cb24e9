package org.lossless.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PrintableTest {
    @Test
    void textBetweenTwoShortQuotedTokensIsNotCut() {
        String m = "'websarch' is neither a built-in distribution (websearch, fbhdp, alistorage, googlerpc) nor an "
                + "existing file; did you mean 'websearch'?";
        assertEquals(m, Printable.message(m));
    }

    @Test
    void aLongQuotedExcerptIsCutToEightyCharacters() {
        String token = "x".repeat(200);
        assertEquals("bad value '" + "x".repeat(80) + "...' here", Printable.message("bad value '" + token + "' here"));
    }

    @Test
    void controlAndBidiCharactersAreEscaped() {
        assertEquals("a\\nb\\u202Ec", Printable.message("a\nb\u202Ec"));
    }
}
