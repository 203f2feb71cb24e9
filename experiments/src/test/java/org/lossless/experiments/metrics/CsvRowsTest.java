package org.lossless.experiments.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

/** {@link CsvRows}: the characters of {@code Long.toString} and of the text given, across chunk boundaries. */
class CsvRowsTest {
    @Test
    void numbersAreTheJdksDecimalForms() throws IOException {
        long[] values = {0, 1, 9, 10, 11, 99, 100, 12_345, 999_999_999_999L, 1_000_000_000_000L,
            Long.MAX_VALUE, -1, -9, -10, -12_345, Long.MIN_VALUE + 1, Long.MIN_VALUE};
        StringWriter w = new StringWriter();
        CsvRows rows = new CsvRows(w);
        StringBuilder expected = new StringBuilder();
        for (long v : values) {
            rows.num(v).ch(',').num(v).endRow();
            expected.append(Long.toString(v)).append(',').append(Long.toString(v)).append('\n');
        }
        rows.drain();
        assertEquals(expected.toString(), w.toString());
    }

    @Test
    void nothingReachesTheWriterBeforeAChunkOrADrain() throws IOException {
        StringWriter w = new StringWriter();
        CsvRows rows = new CsvRows(w);
        rows.num(42).text(",sw0,3,".toCharArray()).num(7).endRow();
        assertEquals("", w.toString());
        rows.drain();
        assertEquals("42,sw0,3,7\n", w.toString());
        rows.drain(); // nothing left: writes nothing more
        assertEquals("42,sw0,3,7\n", w.toString());
    }

    @Test
    void rowsAcrossManyChunksAreWrittenWholeAndInOrder() throws IOException {
        StringWriter w = new StringWriter();
        CsvRows rows = new CsvRows(w);
        char[] node = ",tor12,17,".toCharArray();
        StringBuilder expected = new StringBuilder();
        for (long i = 0; i < 5_000; i++) { // 5,000 rows of 26-29 characters: some 17 chunks of 8 KB
            long t = 2_680_140_349L + i * 10_000_000L;
            rows.num(t).text(node).num(i * 37).endRow();
            expected.append(t).append(",tor12,17,").append(i * 37).append('\n');
            if (i % 1_000 == 999) {
                // whatever the writer holds so far ends with a whole row: chunks are handed on at row ends
                String so = w.toString();
                assertEquals(expected.substring(0, so.length()), so);
                assertEquals(true, so.isEmpty() || so.endsWith("\n"));
            }
        }
        rows.drain();
        assertEquals(expected.toString(), w.toString());
    }

    @Test
    void aTextLongerThanTheBufferIsWrittenInPlace() throws IOException {
        StringWriter w = new StringWriter();
        CsvRows rows = new CsvRows(w);
        String longName = "n".repeat(CsvRows.CHUNK * 2 + 5);
        rows.num(1).ch(',').text(longName.toCharArray()).ch(',').num(2).endRow();
        rows.drain();
        assertEquals("1," + longName + ",2\n", w.toString());
    }
}
