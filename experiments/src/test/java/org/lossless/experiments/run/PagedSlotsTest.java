package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The driver's slots per QP part: a page goes once full and cleared; what is still set stays readable. */
class PagedSlotsTest {
    @Test
    void aFullClearedPageIsDroppedAndTheOthersStay() {
        PagedSlots<String> s = new PagedSlots<>();
        int n = 2 * PagedSlots.PAGE + 5;
        for (int i = 0; i < n; i++) {
            s.add("m" + i);
        }
        assertEquals(n, s.size());
        s.set(3, null);
        assertNull(s.get(3));
        assertEquals("m4", s.get(4));
        for (int i = PagedSlots.PAGE; i < 2 * PagedSlots.PAGE; i++) {
            s.set(i, null); // the second page, cleared in full
        }
        assertNull(s.get(PagedSlots.PAGE + 7));
        assertThrows(IllegalStateException.class, () -> s.set(PagedSlots.PAGE + 7, "again"));
        assertEquals("m" + (2 * PagedSlots.PAGE), s.get(2 * PagedSlots.PAGE));
        assertEquals("m0", s.get(0)); // the first page still holds set slots
        assertThrows(IndexOutOfBoundsException.class, () -> s.get(n));
    }

    @Test
    void theLastPageStaysWhileItCanGrow() {
        PagedSlots<String> s = new PagedSlots<>();
        s.add("a");
        s.set(0, null);
        s.add("b"); // same page: not dropped while not full
        assertEquals("b", s.get(1));
    }
}
