package org.lossless.core.text;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class DidYouMeanTest {
    @Test
    void levenshteinDistanceCountsInsertionsDeletionsAndSubstitutions() {
        assertEquals(3, DidYouMean.distance("kitten", "sitting"));
        assertEquals(0, DidYouMean.distance("", ""));
        assertEquals(4, DidYouMean.distance("", "kmin"));
        assertEquals(1, DidYouMean.distance("kmin", "kmax") - 1);
    }

    @Test
    void suggestsOnlyPlausibleTypos() {
        List<String> keys = List.of("buffer_size", "pfc", "ecn", "cell_size");
        assertEquals("buffer_size", DidYouMean.closest("bufer_size", keys));
        assertEquals("ecn", DidYouMean.closest("ECN", keys));
        assertNull(DidYouMean.closest("scheduling", keys));
        assertEquals("; did you mean 'pfc'?", DidYouMean.hint("pcf", keys));
        assertEquals(" (did you mean 'pfc'?)", DidYouMean.suffix("pcf", keys));
        assertEquals("", DidYouMean.suffix("topology", keys));
    }
}
