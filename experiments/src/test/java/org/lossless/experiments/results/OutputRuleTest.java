package org.lossless.experiments.results;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The output rule: what Lossless may replace, what it refuses, and what an interrupted or killed writer leaves. */
class OutputRuleTest {
    @TempDir
    Path tmp;

    private static AtomicDirectory.Writer files(String... names) {
        return dir -> {
            for (String n : names) {
                Files.writeString(dir.resolve(n), n);
            }
        };
    }

    static List<String> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Nested
    class Directories {
        @Test
        void aMissingOrEmptyTargetIsWrittenWithItsMarker() throws IOException {
            Path a = tmp.resolve("a/b/run");
            OutputRule.writeDirectory(a, "run", files("x.csv"));
            assertEquals(List.of(ResultMarker.FILE, "x.csv"), list(a));
            assertEquals(new ResultMarker("run", Version.current(), Set.of("x.csv")), ResultMarker.read(a));
            Path empty = Files.createDirectories(tmp.resolve("empty"));
            OutputRule.writeDirectory(empty, "run", files("x.csv"));
            assertEquals("x.csv", Files.readString(empty.resolve("x.csv")));
        }

        @Test
        void aFolderWithUserFilesIsRefusedAndUntouched() throws IOException {
            Path study = Files.createDirectories(tmp.resolve("study"));
            Files.writeString(study.resolve("my.yaml"), "name: mine");
            Files.writeString(study.resolve("notes.md"), "notes");
            OutputRefusedException e = assertThrows(OutputRefusedException.class,
                    () -> OutputRule.writeDirectory(study, "run", files("x.csv")));
            assertEquals(study + " exists and is not a Lossless result directory; choose another --out or remove it",
                    e.getMessage());
            assertEquals(List.of("my.yaml", "notes.md"), list(study));
            assertEquals("name: mine", Files.readString(study.resolve("my.yaml")));
            assertEquals(List.of("study"), list(tmp), "no temporary sibling");
        }

        @Test
        void aHiddenFileAloneMakesAFolderNotEmpty() throws IOException {
            Path d = Files.createDirectories(tmp.resolve("d"));
            Files.writeString(d.resolve(".keep"), "");
            assertThrows(OutputRefusedException.class, () -> OutputRule.checkDirectory(d, "run"));
        }

        @Test
        void aPreviousResultOfTheSameKindIsReplaced() throws IOException {
            Path d = tmp.resolve("r");
            OutputRule.writeDirectory(d, "run", files("old.csv", "both.csv"));
            OutputRule.writeDirectory(d, "run", dir -> Files.writeString(dir.resolve("both.csv"), "new"));
            assertEquals(List.of(ResultMarker.FILE, "both.csv"), list(d));
            assertEquals("new", Files.readString(d.resolve("both.csv")));
            assertEquals(List.of("r"), list(tmp));
        }

        @Test
        void aResultWhereTheUserAddedAFileIsRefused() throws IOException {
            Path d = tmp.resolve("r");
            OutputRule.writeDirectory(d, "run", files("flows.csv"));
            Files.writeString(d.resolve("notes.md"), "mine");
            OutputRefusedException e = assertThrows(OutputRefusedException.class,
                    () -> OutputRule.writeDirectory(d, "run", files("flows.csv")));
            assertTrue(e.getMessage().contains("holds files Lossless did not write (notes.md)"), e.getMessage());
            assertEquals("mine", Files.readString(d.resolve("notes.md")));
        }

        @Test
        void adoptedEntriesKeepTheDirectoryReplaceable() throws IOException {
            Path d = tmp.resolve("r");
            OutputRule.writeDirectory(d, "run", files("flows.csv"));
            Files.writeString(d.resolve("report.html"), "<html>");
            OutputRule.adopt(d, "run", "report.html");
            OutputRule.writeDirectory(d, "run", files("flows.csv"));
            assertEquals(List.of(ResultMarker.FILE, "flows.csv"), list(d));
        }

        @Test
        void anotherKindIsRefused() throws IOException {
            Path d = tmp.resolve("r");
            OutputRule.writeDirectory(d, "fluid", files("fluid.csv"));
            OutputRefusedException e = assertThrows(OutputRefusedException.class,
                    () -> OutputRule.writeDirectory(d, "run", files("x")));
            assertEquals(d + " is a Lossless fluid directory, not a run result; choose another --out or remove it",
                    e.getMessage());
        }

        @Test
        void aRunDirectoryFromBeforeMarkersIsAPreviousRun() throws IOException {
            Path d = Files.createDirectories(tmp.resolve("old"));
            Files.writeString(d.resolve("summary.json"), "{\"name\": \"x\", \"engine\": \"packet\", \"version\": \"0.1.0\"}");
            Files.writeString(d.resolve("flows.csv"), "");
            OutputRule.checkDirectory(d, "run");
            Files.writeString(d.resolve("mine.txt"), "");
            assertThrows(OutputRefusedException.class, () -> OutputRule.checkDirectory(d, "run"));
        }

        @Test
        void aFileOrALinkInTheWayIsRefused() throws IOException {
            Path f = Files.writeString(tmp.resolve("f"), "mine");
            assertThrows(OutputRefusedException.class, () -> OutputRule.writeDirectory(f, "run", files("x")));
            assertEquals("mine", Files.readString(f));
            Path target = Files.createDirectories(tmp.resolve("t"));
            Path link = Files.createSymbolicLink(tmp.resolve("link"), target);
            assertThrows(OutputRefusedException.class, () -> OutputRule.writeDirectory(link, "run", files("x")));
            assertTrue(Files.isSymbolicLink(link));
        }
    }

    @Nested
    class AddingToAResult {
        @Test
        void entriesLosslessWroteMayBeReplacedAUsersFileOfTheSameNameNever() throws IOException {
            Path d = tmp.resolve("r");
            OutputRule.writeDirectory(d, "run", files("flows.csv"));
            OutputRule.checkAdd(d, List.of("report.html", "charts"));
            Files.writeString(d.resolve("report.html"), "<html>report");
            assertTrue(OutputRule.adopt(d, "run", "report.html"));
            OutputRule.checkAdd(d, List.of("report.html", "charts"));
            Files.createDirectories(d.resolve("charts"));
            OutputRefusedException e = assertThrows(OutputRefusedException.class,
                    () -> OutputRule.checkAdd(d, List.of("report.html", "charts")));
            assertEquals(d.resolve("charts") + " exists and Lossless did not write it; move it away or choose another "
                    + "--out", e.getMessage());
        }

        @Test
        void withoutAMarkerAnExistingEntryIsNeverLosslesss() throws IOException {
            Path d = Files.createDirectories(tmp.resolve("old"));
            Files.writeString(d.resolve("summary.json"), "{\"engine\": \"packet\", \"version\": \"0.1.0\"}");
            OutputRule.checkAdd(d, List.of("report.html"));
            Files.writeString(d.resolve("report.html"), "mine");
            assertThrows(OutputRefusedException.class, () -> OutputRule.checkAdd(d, List.of("report.html")));
            // a run from before markers gets its marker when Lossless adds to it: it lists what is there
            Files.delete(d.resolve("report.html"));
            Files.writeString(d.resolve("report.html"), "<html>report");
            assertTrue(OutputRule.adopt(d, "run", "report.html"));
            assertEquals(Set.of("summary.json", "report.html"), ResultMarker.read(d).entries());
            OutputRule.checkAdd(d, List.of("report.html"));
        }

        @Test
        void aFolderThatIsNoResultIsNotAdopted() throws IOException {
            Path d = Files.createDirectories(tmp.resolve("mine"));
            Files.writeString(d.resolve("notes.md"), "x");
            assertFalse(OutputRule.adopt(d, "run", "notes.md"));
            assertEquals(List.of("notes.md"), list(d));
        }

        @Test
        void whatLosslessWritesInsideAResultIsListedInItsMarker() throws IOException {
            Path d = tmp.resolve("bundle");
            OutputRule.writeDirectory(d, "replay-bundle", files("a.json"));
            OutputRule.writeDirectory(d.resolve("comparison"), "replay-comparison", files("c.csv"));
            OutputRule.writeFile(d.resolve("model.json"), "{}", false);
            assertEquals(Set.of("a.json", "comparison", "model.json"), ResultMarker.read(d).entries());
            OutputRule.checkDirectory(d, "replay-bundle");
        }

        @Test
        void aTemporaryAKilledWriterLeftInsideAResultDoesNotMakeItForeign() throws IOException {
            Path d = tmp.resolve("sw");
            OutputRule.writeDirectory(d, "sweep", files("sweep.json"));
            Files.writeString(d.resolve(".sweep.csv.tmp-2147483647.1700000000000@" + HostName.get() + "-42"), "half");
            OutputRule.checkDirectory(d, "sweep");
            OutputRule.writeFile(d.resolve("sweep.csv"), "a,b\n", true);
            assertEquals(List.of(ResultMarker.FILE, "sweep.csv", "sweep.json"), list(d), "the dead writer's file is gone");
        }

        @Test
        void aSweepFromBeforeMarkersIsAPreviousSweepAUserFolderWithASweepJsonIsNot() throws IOException {
            Path d = Files.createDirectories(tmp.resolve("sw"));
            Files.writeString(d.resolve("sweep.json"), "{\"kind\": \"lossless-sweep\"}");
            Files.createDirectories(d.resolve("points"));
            OutputRule.checkDirectory(d, "sweep");
            assertThrows(OutputRefusedException.class, () -> OutputRule.checkDirectory(d, "run"));
            Files.writeString(d.resolve("sweep.json"), "{\"kind\": \"something else\"}");
            assertThrows(OutputRefusedException.class, () -> OutputRule.checkDirectory(d, "sweep"));
        }
    }

    /** Issue 31: the marker lists every file at every depth; anything else anywhere in the tree is the user's. */
    @Nested
    class EveryDepth {
        private AtomicDirectory.Writer run() {
            return dir -> {
                Files.writeString(dir.resolve("flows.csv"), "f");
                Files.createDirectories(dir.resolve("timeseries"));
                Files.writeString(dir.resolve("timeseries/queues.csv"), "q");
            };
        }

        @Test
        void theMarkerListsEveryFileAndFolder() throws IOException {
            Path d = tmp.resolve("r");
            OutputRule.writeDirectory(d, "run", run());
            ResultMarker m = ResultMarker.read(d);
            assertEquals(Set.of("flows.csv", "timeseries/", "timeseries/queues.csv"), m.files());
            assertEquals(Set.of("flows.csv", "timeseries"), m.entries());
            assertTrue(m.complete());
            String text = Files.readString(d.resolve(ResultMarker.FILE));
            assertTrue(text.contains("\"format\" : 2") && text.contains("\"entries\" : [ \"flows.csv\", \"timeseries\" ]"),
                    "a Lossless that reads only top-level entries still finds them: " + text);
        }

        @Test
        void aUsersFileInASubFolderMakesTheResultForeignAndNothingIsTouched() throws IOException {
            Path d = tmp.resolve("r");
            OutputRule.writeDirectory(d, "run", run());
            Files.writeString(d.resolve("timeseries/notes.md"), "mine");
            OutputRefusedException e = assertThrows(OutputRefusedException.class,
                    () -> OutputRule.writeDirectory(d, "run", run()));
            assertEquals(d + " is a Lossless result directory but holds files Lossless did not write "
                    + "(timeseries/notes.md); choose another --out or move them away", e.getMessage());
            assertEquals("mine", Files.readString(d.resolve("timeseries/notes.md")));
            assertEquals(List.of("r"), list(tmp), "no temporary sibling");
        }

        @Test
        void aUsersFolderOrLinkInsideIsForeignToo() throws IOException {
            Path d = tmp.resolve("r");
            OutputRule.writeDirectory(d, "run", run());
            Files.createDirectories(d.resolve("timeseries/mine"));
            OutputRefusedException e = assertThrows(OutputRefusedException.class, () -> OutputRule.checkDirectory(d, "run"));
            assertTrue(e.getMessage().contains("(timeseries/mine/)"), e.getMessage());
            Files.delete(d.resolve("timeseries/mine"));
            // the listed folder replaced by a link to the user's data: a link is never Lossless's
            Path data = Files.createDirectories(tmp.resolve("data"));
            Files.writeString(data.resolve("queues.csv"), "precious");
            AtomicDirectory.deleteTree(d.resolve("timeseries"));
            Files.createSymbolicLink(d.resolve("timeseries"), data);
            e = assertThrows(OutputRefusedException.class, () -> OutputRule.writeDirectory(d, "run", run()));
            assertTrue(e.getMessage().contains("(timeseries)"), e.getMessage());
            assertEquals("precious", Files.readString(data.resolve("queues.csv")));
        }

        @Test
        void aLoneUserFileNamedLikeATemporaryDoesNotMakeItsFolderEmpty() throws IOException {
            Path d = Files.createDirectories(tmp.resolve("d"));
            Path f = Files.writeString(d.resolve(".flows.csv.tmp-2147483647.1700000000000@" + HostName.get() + "-42"), "mine");
            OutputRefusedException e = assertThrows(OutputRefusedException.class,
                    () -> OutputRule.writeDirectory(d, "run", files("x.csv")));
            assertEquals(d + " exists and is not a Lossless result directory; choose another --out or remove it",
                    e.getMessage());
            assertEquals("mine", Files.readString(f));
        }

        @Test
        void nestedResultsAreJudgedByTheirOwnMarker() throws IOException {
            Path sw = tmp.resolve("sw");
            OutputRule.writeDirectory(sw, "sweep", Set.of("points/*/*"), dir -> {
                Files.writeString(dir.resolve("sweep.json"), "{}");
                Files.createDirectories(dir.resolve("points/p1"));
            });
            OutputRule.writeDirectory(sw.resolve("points/p1/5"), "run", run());
            assertEquals(Set.of("points/", "points/p1/", "sweep.json"), ResultMarker.read(sw).files(),
                    "a run written into its place is not listed in the sweep's marker: it has its own");
            // a run's private work folder (a killed run's leftover) is Lossless's
            Files.createDirectories(sw.resolve("points/p1/.6.run-node-1-123"));
            OutputRule.checkDirectory(sw, "sweep");
            Files.writeString(sw.resolve("points/p1/5/timeseries/mine.csv"), "mine");
            OutputRefusedException e = assertThrows(OutputRefusedException.class, () -> OutputRule.checkDirectory(sw, "sweep"));
            assertTrue(e.getMessage().contains("(points/p1/5/timeseries/mine.csv)"), e.getMessage());
            Files.delete(sw.resolve("points/p1/5/timeseries/mine.csv"));
            Files.createDirectories(sw.resolve("points/p1/6"));
            Files.writeString(sw.resolve("points/p1/6/notes.md"), "no marker: not a result");
            e = assertThrows(OutputRefusedException.class, () -> OutputRule.checkDirectory(sw, "sweep"));
            assertTrue(e.getMessage().contains("(points/p1/6/)"), e.getMessage());
            AtomicDirectory.deleteTree(sw.resolve("points/p1/6"));
            Files.createDirectories(sw.resolve("points/mine/5"));
            e = assertThrows(OutputRefusedException.class, () -> OutputRule.checkDirectory(sw, "sweep"));
            assertTrue(e.getMessage().contains("(points/mine/)"), "a point folder Lossless did not make: " + e.getMessage());
        }

        @Test
        void whatIsAddedLaterThroughTheMarkerApiIsListedAtEveryDepth() throws IOException {
            Path d = tmp.resolve("r");
            OutputRule.writeDirectory(d, "run", run());
            AtomicDirectory.write(d.resolve("charts"), c -> Files.writeString(c.resolve("fct.png"), "png"));
            OutputRule.adopt(d, "run", "charts", "report.html");
            // a file another part of Lossless writes into the charts later (charts/index.json)
            OutputRule.writeFile(d.resolve("charts/index.json"), "{}", true);
            assertTrue(ResultMarker.read(d).files().containsAll(Set.of("charts/", "charts/fct.png", "charts/index.json",
                    "report.html")), ResultMarker.read(d).files().toString());
            OutputRule.checkAdd(d, List.of("report.html", "charts"));
            OutputRule.checkDirectory(d, "run");
            Files.writeString(d.resolve("charts/mine.png"), "mine");
            OutputRefusedException e = assertThrows(OutputRefusedException.class,
                    () -> OutputRule.checkAdd(d, List.of("report.html", "charts")));
            assertTrue(e.getMessage().contains("(charts/mine.png)"), e.getMessage());
        }

        @Test
        void aFileWrittenIntoAFolderLosslessDidNotMakeIsNotAdopted() throws IOException {
            Path d = tmp.resolve("r");
            OutputRule.writeDirectory(d, "run", run());
            Files.createDirectories(d.resolve("mine"));
            OutputRule.writeFile(d.resolve("mine/switch.yaml"), "x", false);
            assertFalse(ResultMarker.read(d).files().contains("mine/switch.yaml"));
            assertThrows(OutputRefusedException.class, () -> OutputRule.checkDirectory(d, "run"));
        }
    }

    /** Results written before markers listed every file: kept readable, replaced only when nothing can be lost. */
    @Nested
    class EarlierMarkers {
        private Path old(String name, String entries) throws IOException {
            Path d = Files.createDirectories(tmp.resolve(name));
            Files.writeString(d.resolve(ResultMarker.FILE), "{\"kind\": \"run\", \"version\": \"0.1.0\", \"entries\": ["
                    + entries + "]}");
            Files.writeString(d.resolve("flows.csv"), "f");
            return d;
        }

        @Test
        void onlyTopLevelFilesIsReplacedAsBefore() throws IOException {
            Path d = old("r", "\"flows.csv\"");
            assertFalse(ResultMarker.read(d).complete());
            OutputRule.writeDirectory(d, "run", files("x.csv"));
            assertEquals(List.of(ResultMarker.FILE, "x.csv"), list(d));
        }

        @Test
        void aListedFolderWithContentCannotBeToldApartAndIsLeftAlone() throws IOException {
            Path d = old("r", "\"flows.csv\", \"timeseries\"");
            Files.createDirectories(d.resolve("timeseries"));
            Files.writeString(d.resolve("timeseries/queues.csv"), "q");
            OutputRefusedException e = assertThrows(OutputRefusedException.class,
                    () -> OutputRule.writeDirectory(d, "run", files("x.csv")));
            assertEquals(d + " holds folders that Lossless 0.1.0 wrote without listing their files (timeseries/): "
                    + "Lossless cannot tell its own files there from files of yours, so it replaces nothing; choose "
                    + "another --out, or remove " + d + " yourself", e.getMessage());
            assertEquals("q", Files.readString(d.resolve("timeseries/queues.csv")));
            // adding a report completes the marker: the report listed in full, the old folder kept as unlisted
            Files.createDirectories(d.resolve("charts"));
            Files.writeString(d.resolve("charts/fct.png"), "png");
            Files.writeString(d.resolve("report.html"), "r");
            assertTrue(OutputRule.adopt(d, "run", "report.html", "charts"));
            ResultMarker m = ResultMarker.read(d);
            assertTrue(m.complete());
            assertEquals(Set.of("flows.csv", "report.html", "charts/", "charts/fct.png"), m.files());
            assertEquals(Set.of("timeseries/"), m.unlisted());
            assertEquals(Set.of("charts", "flows.csv", "report.html", "timeseries"), m.entries());
            OutputRule.checkAdd(d, List.of("report.html", "charts")); // the next report may replace its own
            e = assertThrows(OutputRefusedException.class, () -> OutputRule.checkDirectory(d, "run"));
            assertTrue(e.getMessage().contains("holds folders that an earlier Lossless wrote without listing their files "
                    + "(timeseries/)"), e.getMessage());
        }

        @Test
        void anEmptyListedFolderIsUpgradedWhenLosslessAddsToIt() throws IOException {
            Path d = old("r", "\"flows.csv\", \"timeseries\"");
            Files.createDirectories(d.resolve("timeseries"));
            OutputRule.checkDirectory(d, "run");
            Files.writeString(d.resolve("report.html"), "r");
            assertTrue(OutputRule.adopt(d, "run", "report.html"));
            ResultMarker m = ResultMarker.read(d);
            assertTrue(m.complete());
            assertEquals(Set.of("flows.csv", "report.html", "timeseries/"), m.files());
        }

        @Test
        void aRunFromBeforeMarkersWithTimeSeriesIsLeftAlone() throws IOException {
            Path d = Files.createDirectories(tmp.resolve("old"));
            Files.writeString(d.resolve("summary.json"), "{\"engine\": \"packet\", \"version\": \"0.1.0\"}");
            Files.createDirectories(d.resolve("timeseries"));
            Files.writeString(d.resolve("timeseries/notes.txt"), "mine or not?");
            OutputRefusedException e = assertThrows(OutputRefusedException.class, () -> OutputRule.checkDirectory(d, "run"));
            assertTrue(e.getMessage().contains("holds folders that an earlier Lossless wrote without listing their files "
                    + "(timeseries/)"), e.getMessage());
        }
    }

    @Nested
    class SingleFiles {
        @Test
        void anExistingFileNeedsForce() throws IOException {
            Path f = Files.writeString(tmp.resolve("out.yaml"), "mine");
            OutputRefusedException e = assertThrows(OutputRefusedException.class,
                    () -> OutputRule.writeFile(f, "new", false));
            assertEquals(f + " exists; choose another --out or add --force to replace it", e.getMessage());
            assertEquals("mine", Files.readString(f));
            OutputRule.writeFile(f, "new", true);
            assertEquals("new", Files.readString(f));
            OutputRule.writeFile(tmp.resolve("sub/fresh.yaml"), "x", false);
            assertEquals("x", Files.readString(tmp.resolve("sub/fresh.yaml")));
            assertEquals(List.of("out.yaml", "sub"), list(tmp), "no temporary file left");
            assertEquals(List.of("fresh.yaml"), list(tmp.resolve("sub")));
        }

        @Test
        void aDirectoryIsNotAFile() throws IOException {
            Path d = Files.createDirectories(tmp.resolve("d"));
            assertThrows(OutputRefusedException.class, () -> OutputRule.writeFile(d, "x", true));
        }
    }

    @Nested
    class Leftovers {
        @Test
        void siblingsOfADeadProcessAreRemovedThoseOfALiveOneKept() throws IOException {
            // pid 2^31-1 exceeds every Linux pid_max (at most 2^22): no such process
            Path dead = Files.createDirectories(tmp.resolve(".run.tmp-2147483647.1700000000000-abc"));
            Files.writeString(dead.resolve("flows.csv"), "half");
            Path deadOld = Files.createDirectories(tmp.resolve(".run.old-2147483647.1700000000000-abd"));
            Path live = Files.createDirectories(tmp.resolve(TempNames.tmpPrefix("other") + "x"));
            Path user = Files.createDirectories(tmp.resolve(".run.tmp-mine"));
            OutputRule.writeDirectory(tmp.resolve("run"), "run", files("x.csv"));
            assertFalse(Files.exists(dead));
            assertFalse(Files.exists(deadOld));
            assertTrue(Files.exists(live), "a live process's temporary directory is never touched");
            assertTrue(Files.exists(user), "a name that is not Lossless's pattern is never touched");
        }

        @Test
        void onASharedFileSystemOnlyThisHostsDeadSiblingsAreRemoved() throws IOException {
            String dead = "2147483647.1700000000000";
            Path mine = Files.createDirectories(tmp.resolve(".run.tmp-" + dead + "@node-1-5"));
            Path otherHost = Files.createDirectories(tmp.resolve(".run.tmp-" + dead + "@node-12-6"));
            Path otherOld = Files.createDirectories(tmp.resolve(".run.old-" + dead + "@gpu07.cluster-7"));
            Path noHost = Files.createDirectories(tmp.resolve(".run.tmp-" + dead + "-8"));
            List<String> removed = TempNames.cleanStale(tmp, "node-1");
            assertEquals(Set.of(mine.getFileName().toString(), noHost.getFileName().toString()), Set.copyOf(removed));
            assertTrue(Files.exists(otherHost), "a pid of another host says nothing about its processes");
            assertTrue(Files.exists(otherOld));
            assertEquals(List.of(otherHost.getFileName().toString()), TempNames.cleanStale(tmp, "node-12"));
        }

        @Test
        void ourOwnNamesCarryThisHost() {
            assertTrue(TempNames.tmpPrefix("run").matches("\\.run\\.tmp-\\d+\\.-?\\d+@[A-Za-z0-9._-]+-"),
                    TempNames.tmpPrefix("run"));
            assertEquals("gpu_07", HostName.sanitize("gpu 07\n"));
            assertEquals("unknown", HostName.sanitize(""));
        }

        @Test
        void temporariesAreNewOwnedAndRecognised() throws IOException {
            Path a = TempNames.createDirectory(tmp, TempNames.tmpPrefix("run"));
            Path b = TempNames.createDirectory(tmp, TempNames.tmpPrefix("run"));
            Path f = TempNames.createFile(tmp, TempNames.oldPrefix("x.csv"));
            assertTrue(Files.isDirectory(a) && Files.isDirectory(b) && Files.isRegularFile(f));
            assertFalse(a.equals(b), "two temporaries of one target get two names");
            assertEquals(List.of(), list(a));
            assertEquals(0, Files.size(f));
            for (Path p : List.of(a, b, f)) {
                assertEquals(tmp, p.getParent());
                assertTrue(TempNames.isOurs(p.getFileName().toString()), p.getFileName().toString());
            }
            assertTrue(a.getFileName().toString().startsWith(TempNames.tmpPrefix("run")));
            assertTrue(f.getFileName().toString().startsWith(TempNames.oldPrefix("x.csv")));
            // a live process's own temporaries survive its clean-up; a missing folder is an error, not created
            assertEquals(List.of(), TempNames.cleanStale(tmp));
            assertThrows(java.nio.file.NoSuchFileException.class,
                    () -> TempNames.createDirectory(tmp.resolve("missing"), TempNames.tmpPrefix("run")));
        }

        @Test
        void aStaleTemporaryNeverConfusesTheRule() throws IOException {
            Path d = tmp.resolve("run");
            Files.createDirectories(tmp.resolve(".run.tmp-2147483647.1-z"));
            OutputRule.writeDirectory(d, "run", files("x.csv"));
            OutputRule.writeDirectory(d, "run", files("y.csv"));
            assertEquals(List.of(ResultMarker.FILE, "y.csv"), list(d));
            assertEquals(List.of("run"), list(tmp));
        }
    }
}
