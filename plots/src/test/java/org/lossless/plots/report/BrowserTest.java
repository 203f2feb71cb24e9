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

    /** Loads a report, checks it rendered, saves a full-page screenshot; returns the number of charts. */
    static long check(Path html, String shot) throws IOException {
        Assumptions.assumeTrue(skip == null, () -> skip);
        driver.get(html.toUri().toString());
        JavascriptExecutor js = driver;
        @SuppressWarnings("unchecked")
        Map<String, Object> r = (Map<String, Object>) js.executeScript("""
                const svgs = [...document.querySelectorAll('figure.chart svg')];
                const small = svgs.filter(s => { const b = s.getBoundingClientRect();
                                                 return b.width < 300 || b.height < 150 || s.childElementCount == 0; })
                                  .map(s => s.id);
                const broken = [...document.images].filter(i => !i.complete || i.naturalWidth == 0).length
                             + [...document.querySelectorAll('svg image')].filter(i => {
                                   const h = i.getAttribute('href') || i.getAttribute('xlink:href') || '';
                                   return !h.startsWith('data:image/png;base64,'); }).length;
                return {svgs: svgs.length, figures: document.querySelectorAll('figure.chart').length,
                        small: small, broken: broken, height: document.documentElement.scrollHeight,
                        title: document.title};
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
        Path target = Path.of("target", "screenshots");
        Files.createDirectories(target);
        // what a reader sees first, before scrolling (1400 x 1000)
        Files.write(target.resolve(shot.replace(".png", "-first-screen.png")),
                ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        int height = (int) Math.min(16000, ((Number) r.get("height")).longValue());
        driver.manage().window().setSize(new Dimension(1400, height));
        Files.write(target.resolve(shot), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        driver.manage().window().setSize(new Dimension(1400, 1000));
        return ((Number) r.get("svgs")).longValue();
    }

    @Test
    void runReportRenders() throws IOException {
        Path html = Report.write(Fixtures.run(tmp.resolve("run")));
        assertTrue(check(html, "run-report.png") >= 10);
    }

    @Test
    void sweepReportRenders() throws IOException {
        Path html = Report.write(Fixtures.sweep(tmp.resolve("sweep")));
        assertTrue(check(html, "sweep-report.png") >= 3);
    }

    @Test
    void studySweepReportRendersWithItsAnswerOnTheFirstScreen() throws IOException {
        Path html = Report.write(SweepFixtures.study(tmp.resolve("study")));
        assertTrue(check(html, "sweep-study-report.png") >= 15);
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
        assertTrue(check(html, "sweep-scaling-report.png") >= 2);
    }

    @Test
    void compareReportRenders() throws IOException {
        Path base = Fixtures.run(tmp.resolve("base"));
        Path cand = Fixtures.run(tmp.resolve("cand"));
        Path html = Report.write(cand, new ReportOptions(null, base, List.of(), 6));
        assertTrue(check(html, "compare-report.png") >= 8);
    }
}
