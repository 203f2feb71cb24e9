package org.lossless.plots.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.plots.Fixtures;
import org.lossless.plots.SweepFixtures;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * The reports open in a real headless browser (Debian's chromium and chromedriver, never downloaded: the
 * driver and browser paths are given, so Selenium Manager is not used): every chart is an SVG that laid out
 * with a size, no image is broken, the console has no error; a screenshot of each goes to target/.
 * Without chromium the test is skipped with the reason printed.
 */
class BrowserTest {
    static final String DRIVER = System.getProperty("lossless.chromedriver", "/usr/bin/chromedriver");
    static final String BROWSER = System.getProperty("lossless.chromium", "/usr/bin/chromium");
    @TempDir
    static Path tmp;
    static ChromeDriver driver;
    static String skip;

    @BeforeAll
    static void start() throws IOException {
        if (!new File(DRIVER).canExecute() || !new File(BROWSER).canExecute()) {
            skip = "no " + DRIVER + " or " + BROWSER + " (apt-get install chromium chromium-driver)";
            System.out.println("BrowserTest skipped: " + skip);
            return;
        }
        System.setProperty("webdriver.chrome.driver", DRIVER);
        ChromeOptions o = new ChromeOptions();
        o.setBinary(BROWSER);
        o.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + Files.createDirectories(tmp.resolve("profile")),
                "--window-size=1400,1000");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, java.util.logging.Level.ALL);
        o.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(DRIVER))
                .usingAnyFreePort().build();
        try {
            driver = new ChromeDriver(service, o);
            driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
        } catch (RuntimeException e) {
            skip = "chromium did not start: " + e.getMessage().lines().findFirst().orElse("");
            System.out.println("BrowserTest skipped: " + skip);
        }
    }

    @AfterAll
    static void stop() {
        if (driver != null) {
            driver.quit();
        }
    }

    /** What a page measured: charts drawn, the page's height with every fold closed (px). */
    record Shown(long charts, long height) {
    }

    /**
     * Loads a report, checks it rendered (every chart an SVG laid out with a size once the folds are opened, no
     * broken image, no console error), saves what a reader sees first (1400 x 1000) and the whole page (folds
     * closed) under target/screenshots/; returns the number of charts and the page's height.
     */
    static Shown check(Path html, String shot) throws IOException {
        Assumptions.assumeTrue(skip == null, () -> skip);
        driver.manage().window().setSize(new Dimension(1400, 1000));
        driver.get(html.toUri().toString());
        JavascriptExecutor js = driver;
        long height = settledHeight(js);
        Path target = Path.of("target", "screenshots");
        Files.createDirectories(target);
        // what a reader sees first, before scrolling (1400 x 1000), then the whole page as it opens
        Files.write(target.resolve(shot.replace(".png", "-first-screen.png")),
                ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        driver.manage().window().setSize(new Dimension(1400, (int) Math.min(16000, height)));
        Files.write(target.resolve(shot), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        driver.manage().window().setSize(new Dimension(1400, 1000));
        @SuppressWarnings("unchecked")
        Map<String, Object> r = (Map<String, Object>) js.executeScript("""
                document.querySelectorAll('details').forEach(d => d.open = true);
                const svgs = [...document.querySelectorAll('figure.chart svg')];
                const small = svgs.filter(s => { const b = s.getBoundingClientRect();
                                                 return b.width < 300 || b.height < 150 || s.childElementCount == 0; })
                                  .map(s => s.id);
                const broken = [...document.images].filter(i => !i.complete || i.naturalWidth == 0).length
                             + [...document.querySelectorAll('svg image')].filter(i => {
                                   const h = i.getAttribute('href') || i.getAttribute('xlink:href') || '';
                                   return !h.startsWith('data:image/png;base64,'); }).length;
                return {svgs: svgs.length, figures: document.querySelectorAll('figure.chart').length,
                        small: small, broken: broken, title: document.title};
                """);
        List<String> errors = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue()) {
                errors.add(e.getMessage());
            }
        }
        assertEquals(List.of(), errors, "console errors");
        assertEquals(r.get("figures"), r.get("svgs"), "every figure has its SVG");
        assertEquals(List.of(), r.get("small"), "charts laid out with a size");
        assertEquals(0L, ((Number) r.get("broken")).longValue(), "broken images");
        System.out.printf("BrowserTest: %s: %d charts, page %,d px tall (folds closed)%n", shot,
                ((Number) r.get("svgs")).longValue(), height);
        return new Shown(((Number) r.get("svgs")).longValue(), height);
    }

    /**
     * The page's height once its layout has settled: every image decoded and the height the same on two reads 250 ms
     * apart (a height read while charts still lay out would make the page look shorter than it is).
     */
    static long settledHeight(JavascriptExecutor js) {
        long last = -1;
        for (int i = 0; i < 40; i++) {
            long h = ((Number) js.executeScript("return [...document.images].every(i => i.complete) "
                    + "&& document.readyState == 'complete' ? document.documentElement.scrollHeight : -1")).longValue();
            if (h > 0 && h == last) {
                return h;
            }
            last = h;
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("the page's layout did not settle in 10 s (last height " + last + ")");
    }

    /** The report's charts/index.json lists every chart the page draws, each file there. */
    static void indexListsEveryChart(Path html, long charts) throws IOException {
        com.fasterxml.jackson.databind.JsonNode index = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(html.resolveSibling("charts").resolve("index.json").toFile());
        assertEquals(charts, index.size(), "one index.json entry per chart drawn");
        for (com.fasterxml.jackson.databind.JsonNode e : index) {
            assertTrue(Files.isRegularFile(html.resolveSibling("charts").resolve(e.path("file").asText())), e.toString());
            assertTrue(e.path("x").isTextual() && e.path("y").isTextual(), "axes registered: " + e);
        }
    }

    /** Top of the first element matching {@code css} (px from the top of the page), or -1 if there is none. */
    static double top(String css) {
        Object t = ((JavascriptExecutor) driver).executeScript("const e = document.querySelector(arguments[0]); "
                + "return e == null ? -1 : e.getBoundingClientRect().top + window.scrollY", css);
        return ((Number) t).doubleValue();
    }

    @Test
    void runReportRenders() throws IOException {
        Path html = Report.write(Fixtures.run(tmp.resolve("run")));
        Shown s = check(html, "run-report.png");
        assertTrue(s.charts() >= 10);
        indexListsEveryChart(html, s.charts());
    }

    /**
     * The demo's report (the built-in scenario, run here as `lossless demo` runs it): its first screen answers "what
     * happened and is it OK?" (the verdict, the job against its ideal, the flows' slowdowns and the fabric before any
     * chart), every chart is listed in charts/index.json, and the page, folds closed, stays under 8,000 px (it was
     * 25,567 px when it printed every DSCP row, every congestion control's parameters and the whole YAML).
     */
    /** The demo scenario's text, as `lossless demo` runs it. */
    static String demoYaml() throws IOException {
        Path yaml = Path.of("..", "cli", "src", "main", "resources", "org", "lossless", "cli", "demo.yaml");
        assertTrue(Files.isRegularFile(yaml), "the demo scenario at " + yaml.toAbsolutePath());
        return Files.readString(yaml);
    }

    /** Runs {@code yaml} into {@code dir} (once per test class: the demo is shared by two tests). */
    static synchronized Path ran(String name, String yaml) throws IOException {
        Path dir = tmp.resolve(name);
        if (!Files.isRegularFile(dir.resolve("summary.json"))) {
            Scenario s = ScenarioLoader.parse(name + ".yaml", yaml, tmp, List.of());
            ResultsWriter.runAndWrite(dir, s, new ScenarioEngine());
        }
        return dir;
    }

    /**
     * The demo's report (the built-in scenario, run here as `lossless demo` runs it): its first screen answers "what
     * happened and is it OK?" (the verdict, the job against its ideal, the flows' slowdowns and the fabric before any
     * chart), every chart is listed in charts/index.json, and the page, folds closed, stays under 8,000 px (it was
     * 25,567 px when it printed every DSCP row, every congestion control's parameters and the whole YAML).
     */
    @Test
    void demoReportAnswersOnItsFirstScreen() throws IOException {
        Assumptions.assumeTrue(skip == null, () -> skip);
        Path dir = ran("demo", demoYaml());
        Path html = Report.write(dir);
        Shown shown = check(html, "demo-report.png");
        assertTrue(shown.height() < 8_000, "demo page " + shown.height() + " px tall");
        indexListsEveryChart(html, shown.charts());
        driver.get(html.toUri().toString());
        assertEquals("verdict", ((JavascriptExecutor) driver).executeScript(
                "return document.querySelector('main section').id"), "the verdict is the first section");
        double firstChart = top("figure.chart");
        assertTrue(top("p.status") < 400, "status line at " + top("p.status"));
        for (String answer : List.of("table.jobs", "table.verdict", "table.fabric")) {
            double t = top(answer);
            assertTrue(t > 0 && t < firstChart, answer + " at " + t + ", before the first chart at " + firstChart);
            assertTrue(t < 1000, answer + " on the first screen: " + t);
        }
        // telemetry.flow_rates names flows 0-7: the incast's (a list of flows is numbered before generated messages)
        List<String> flows = Files.readAllLines(dir.resolve("flows.csv"));
        int wl = List.of(flows.get(0).split(",")).indexOf("workload");
        for (int id = 0; id < 8; id++) {
            String[] row = flows.get(1 + id).split(",");
            assertEquals(List.of(Integer.toString(id), "incast"), List.of(row[0], row[wl]), "flows.csv row " + id);
        }
        for (String chart : List.of("fig-jobs-duration", "fig-queue-high-water", "fig-queue-cdf", "fig-rates")) {
            assertTrue(top("#" + chart + ".chart") > 0, chart + " drawn");
        }
        // the pause chains: in view when a pause propagated, folded when every chain is its root alone
        long propagated = new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("summary.json")
                .toFile()).path("pfc").path("propagation").path("propagated_pauses").asLong(-1);
        assertTrue(propagated >= 0, "summary.json pfc.propagation.propagated_pauses");
        assertEquals(propagated > 0 ? "shown" : "folded", ((JavascriptExecutor) driver).executeScript("const e = "
                + "document.querySelector('#fig-pfc-propagation.chart'); return e == null ? 'missing' "
                + ": e.closest('details') == null ? 'shown' : 'folded'"));
    }

    @Test
    void sweepReportRenders() throws IOException {
        Path html = Report.write(Fixtures.sweep(tmp.resolve("sweep")));
        Shown shown = check(html, "sweep-report.png");
        assertTrue(shown.charts() >= 3);
        indexListsEveryChart(html, shown.charts());
    }

    @Test
    void studySweepReportRendersWithItsAnswerOnTheFirstScreen() throws IOException {
        Path html = Report.write(SweepFixtures.study(tmp.resolve("study")));
        Shown shown = check(html, "sweep-study-report.png");
        assertTrue(shown.charts() >= 15);
        indexListsEveryChart(html, shown.charts());
        JavascriptExecutor js = driver;
        // the best point's sentence and the first chart start within the first screen (1000 px)
        Number best = (Number) js.executeScript("return document.querySelector('p.best').getBoundingClientRect().top");
        Number chart = (Number) js.executeScript(
                "return document.querySelector('#answer figure.chart').getBoundingClientRect().top");
        assertTrue(best.doubleValue() < 600, "best point at " + best);
        assertTrue(chart.doubleValue() < 1000, "answer chart at " + chart);
    }

    @Test
    void scalingSweepReportRenders() throws IOException {
        Path html = Report.write(SweepFixtures.scaling(tmp.resolve("scaling")));
        assertTrue(check(html, "sweep-scaling-report.png").charts() >= 2);
    }

    /**
     * A comparison a reviewer would make: the demo (its all-reduce with an incast landing on one of its hosts) against
     * the same scenario without the incast (the demo file with its incast workload cut out, here by hand): both runs'
     * warnings and key figures come before any chart.
     */
    @Test
    void compareReportRenders() throws IOException {
        Assumptions.assumeTrue(skip == null, () -> skip);
        String yaml = demoYaml();
        int from = yaml.indexOf("  - type: flows\n    name: incast");
        int to = yaml.indexOf("telemetry:", from);
        assertTrue(from > 0 && to > from, "the demo's incast workload");
        Path base = ran("demo-without-incast", yaml.substring(0, from) + yaml.substring(to));
        Path cand = ran("demo", yaml);
        Path html = Report.write(cand, new ReportOptions(null, base, List.of(), 6));
        Shown shown = check(html, "compare-report.png");
        assertTrue(shown.charts() >= 8);
        indexListsEveryChart(html, shown.charts());
        // the warnings and key figures of both runs come before any chart
        assertTrue(top("#warnings") < top("figure.chart") && top("#figures") < top("figure.chart"));
    }
}
