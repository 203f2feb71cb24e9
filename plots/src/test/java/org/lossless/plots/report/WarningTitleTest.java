package org.lossless.plots.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.lint.CbfcLint;
import org.lossless.experiments.lint.Finding;
import org.lossless.experiments.lint.SprayLint;
import org.lossless.experiments.lint.SwiftLint;

/**
 * The verdict's heading of each finding names its own check: the spraying and Swift warnings were headed "Ultra
 * Ethernet setting without effect", the fallback for the Ultra Ethernet checks, on a report with neither UET nor CBFC;
 * CBFC's credit warning was headed so too.
 */
class WarningTitleTest {
    @Test
    void sprayingAndSwiftFindingsHaveTheirOwnHeadings() {
        assertEquals("packet spraying under go-back-N",
                ReportWarnings.title(Finding.warning(SprayLint.CODE, "spraying", "routing.mode")));
        assertEquals("Swift target below the base RTT",
                ReportWarnings.title(Finding.warning(SwiftLint.CODE, "swift", "nic.swift.base_target")));
        assertEquals("CBFC credits below line rate",
                ReportWarnings.title(Finding.warning(CbfcLint.CODE, "cbfc", "switch.cbfc.credits")));
        assertEquals("Ultra Ethernet setting without effect",
                ReportWarnings.title(Finding.warning("uet-spray-single-path", "uet", "nic.uet.spray")));
    }
}
