package org.lossless.plots.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class NaturalOrderTest {
    @Test
    void numbersInNamesCompareAsNumbers() {
        List<String> l = new ArrayList<>(List.of("tor10:0", "tor1:6", "tor2:0", "tor1:10", "agg3:1", "tor1:2", "h100:0",
                "h20:0"));
        l.sort(NaturalOrder.INSTANCE);
        assertEquals(List.of("agg3:1", "h20:0", "h100:0", "tor1:2", "tor1:6", "tor1:10", "tor2:0", "tor10:0"), l);
    }
}
