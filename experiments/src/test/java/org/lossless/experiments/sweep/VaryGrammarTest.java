package org.lossless.experiments.sweep;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.workloads.yaml.ScenarioException;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VaryGrammarTest {
    static List<String> values(String option) {
        return VaryParser.parse(option).tuples().stream().map(t -> t.get(0)).toList();
    }

    @Nested
    class Lists {
        @Test
        void commaSeparatedValuesKeepTheirText() {
            assertEquals(List.of("50KB", "100KB", "1MiB"), values("switch.ecn.kmin=50KB,100KB, 1MiB"));
        }

        @Test
        void commasInsideBracketsOrQuotesDoNotSplit() {
            assertEquals(List.of("[3,4]", "[1, 2, 3]", "'a,b'"), values("switch.pfc.priorities=[3,4],[1, 2, 3],'a,b'"));
        }

        @Test
        void duplicateAndEmptyValuesAreErrors() {
            ScenarioException e = assertThrows(ScenarioException.class, () -> VaryParser.parse("a.b=1,2,1"));
            assertTrue(e.getMessage().contains("'1' is listed twice"), e.getMessage());
            assertThrows(ScenarioException.class, () -> VaryParser.parse("a.b=1,,2"));
            assertThrows(ScenarioException.class, () -> VaryParser.parse("a.b="));
            assertThrows(ScenarioException.class, () -> VaryParser.parse("a.b"));
            assertThrows(ScenarioException.class, () -> VaryParser.parse("a.b=1;2"));
        }
    }

    @Nested
    class RangesExpand {
        @Test
        void sizesInOneUnitKeepTheUnit() {
            assertEquals(List.of("50KB", "100KB", "150KB", "200KB", "250KB", "300KB", "350KB", "400KB"),
                    values("switch.ecn.kmin=50KB..400KB:50KB"));
        }

        @Test
        void negativeIntegersAndAnEndOffTheGrid() {
            assertEquals(List.of("-5", "-4", "-3", "-2", "-1", "0", "1"), values("switch.pfc.dynamic_th=-5..1:1"));
            assertEquals(List.of("-5", "-3", "-1"), values("x=-5..0:2"));
        }

        @Test
        void decimalsAreExact() {
            // 0.1 + 0.1 + 0.1 is not 0.3 in binary floating point; the range must still end at 0.3
            assertEquals(List.of("0.1", "0.2", "0.3"), values("switch.ecn.pmax=0.1..0.3:0.1"));
            assertEquals(List.of("1%", "3%", "5%"), values("switch.ecn.pmax=1%..5%:2%"));
        }

        @Test
        void mixedUnitsOfOneKindUseTheLargestDividingUnit() {
            assertEquals(List.of("512KiB", "768KiB", "1024KiB"), values("k=512KiB..1MiB:256KiB"));
            assertEquals(List.of("500us", "1000us", "1500us"), values("k=500us..1.5ms:500us"));
            assertEquals(List.of("0", "500B", "1000B"), values("k=0..1KB:500B"));
        }

        @Test
        void rangesMixWithListedValues() {
            assertEquals(List.of("1KB", "10KB", "20KB", "99KB"), values("k=1KB,10KB..20KB:10KB,99KB"));
        }

        @Test
        void badRangesAreNamed() {
            for (String bad : List.of("k=1..5", "k=5..1:1", "k=1..5:0", "k=1KB..5us:1KB", "k=0..1000000:1")) {
                ScenarioException e = assertThrows(ScenarioException.class, () -> VaryParser.parse(bad), bad);
                assertTrue(e.getMessage().startsWith("--vary " + bad + ": range"), e.getMessage());
            }
        }
    }

    @Nested
    class Linked {
        @Test
        void tuplesSeparatedBySemicolons() {
            Dimension d = VaryParser.parse("switch.ecn.kmin,switch.ecn.kmax=100KB,400KB;200KB,800KB");
            assertEquals(List.of("switch.ecn.kmin", "switch.ecn.kmax"), d.keys());
            assertEquals(List.of(List.of("100KB", "400KB"), List.of("200KB", "800KB")), d.tuples());
        }

        @Test
        void aTupleOfTheWrongSizeIsAnError() {
            ScenarioException e = assertThrows(ScenarioException.class, () -> VaryParser.parse("a,b=1,2;3"));
            assertTrue(e.getMessage().contains("has 1 value(s) for 2 linked keys"), e.getMessage());
            assertThrows(ScenarioException.class, () -> VaryParser.parse("a,b=1..3:1,2"));
        }
    }

    @Nested
    class Points {
        @Test
        void gridIsTheCartesianProductFirstDimensionSlowest() {
            List<SweepPoint> p = Grid.points(List.of(VaryParser.parse("switch.ecn.kmin=1KB,2KB,3KB"),
                    VaryParser.parse("switch.ecn.pmax=0.1,0.5")));
            assertEquals(List.of("kmin=1KB_pmax=0.1", "kmin=1KB_pmax=0.5", "kmin=2KB_pmax=0.1", "kmin=2KB_pmax=0.5",
                    "kmin=3KB_pmax=0.1", "kmin=3KB_pmax=0.5"), p.stream().map(SweepPoint::name).toList());
            assertEquals(Map.of("switch.ecn.kmin", "2KB", "switch.ecn.pmax", "0.5"), p.get(3).values());
        }

        @Test
        void sameLastSegmentUsesTheWholeKeyAndUnsafeCharactersAreReplaced() {
            List<SweepPoint> p = Grid.points(List.of(VaryParser.parse("a.x=1,2"), VaryParser.parse("b.x=[3,4]")));
            assertEquals("a.x=1_b.x=_3_4_", p.get(0).name());
        }

        @Test
        void namesThatWouldCollideBecomeNumbered() {
            List<SweepPoint> p = Grid.points(List.of(VaryParser.parse("k=[1],{1}")));
            assertEquals(List.of("p1", "p2"), p.stream().map(SweepPoint::name).toList());
        }

        @Test
        void aKeyVariedTwiceIsAnError() {
            assertThrows(ScenarioException.class, () -> Grid.points(List.of(VaryParser.parse("k=1,2"),
                    VaryParser.parse("k,j=1,2"))));
        }

        @Test
        void pointsFileCrossedWithTheGrid() {
            List<SweepPoint> named = PointsFile.parse("study.yaml", """
                    points:
                      - name: shallow
                        set: {switch.ecn.kmin: 50KB, switch.pfc.priorities: [3, 4]}
                      - name: deep
                        set:
                          switch.ecn.kmin: 400KB
                    """);
            assertEquals(Map.of("switch.ecn.kmin", "50KB", "switch.pfc.priorities", "[3,4]"), named.get(0).values());
            List<SweepPoint> all = Grid.cross(named, Grid.points(List.of(VaryParser.parse("seedless.x=1,2"))));
            assertEquals(List.of("shallow_x=1", "shallow_x=2", "deep_x=1", "deep_x=2"),
                    all.stream().map(SweepPoint::name).toList());
        }

        @Test
        void pointsFileErrorsNameTheKeyPath() {
            ScenarioException e = assertThrows(ScenarioException.class, () -> PointsFile.parse("s.yaml",
                    "points:\n  - name: a\n    set: {k: 1}\n  - name: a\n    set: {k: 2}\n"));
            assertEquals("s.yaml: points[1].name: 'a' is used twice", e.getMessage());
            e = assertThrows(ScenarioException.class, () -> PointsFile.parse("s.yaml", "points:\n  - name: a\n    sett: {}\n"));
            assertTrue(e.getMessage().startsWith("s.yaml: points[0].sett: unknown key"), e.getMessage());
        }
    }
}
