package org.lossless.plots.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class Ci95Test {
    @Test
    void studentTIntervalByHand() {
        // 3 and 5: mean 4, s = sqrt(2), t(0.975, 1) = 12.7062, half-width = 12.7062 * sqrt(2) / sqrt(2)
        Ci95 c = Ci95.of(new double[] {3, 5});
        assertEquals(4, c.mean(), 1e-12);
        assertEquals(12.7062, c.halfWidth(), 1e-4);
        // 1, 2, 3: s = 1, t(0.975, 2) = 4.3027, half-width = 4.3027 / sqrt(3) = 2.4841
        assertEquals(2.4841, Ci95.of(new double[] {1, 2, 3}).halfWidth(), 1e-4);
        assertTrue(Double.isNaN(Ci95.of(new double[] {1}).halfWidth()));
    }
}
