package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import threadring.bench.answer.Answer;
import threadring.bench.compare.Compare;
import threadring.bench.data.Run;
import threadring.bench.data.Runs;
import threadring.core.fanout.FanOutSize;

/**
 * report.html in a real browser: Debian's headless Chromium, driven through chromium-driver
 * (WebDriver). Where either is missing the test is skipped, saying which packages to install;
 * .ci/run installs them, so CI always runs it.
 */
class ReportPageTest {

    static final Path CHROMIUM = Path.of(System.getProperty("threadring.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("threadring.chromedriver", "/usr/bin/chromedriver"));

    static WebDriver browser;

    @TempDir
    static Path results;

    static Path page;
    static Path compare;

    /** A run with the three workloads, its report and a comparison of it with a slower copy. */
    static boolean available() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    /** Each test is skipped, and counted so, where there is no browser; the message names the packages. */
    @BeforeEach
    void needsABrowser() {
        Assumptions.assumeTrue(available(), "skipped: no headless browser here (" + CHROMIUM + ", " + CHROMEDRIVER
                + "); install Debian's chromium and chromium-driver: apt-get install -y chromium chromium-driver");
    }

    @BeforeAll
    static void start() throws Exception {
        if (!available()) {
            return;
        }
        FanOutSize size = new FanOutSize(1000, 100, 0);
        Run run = Runs.runOfJobs("20260101-000000", "jdk25-cpusall", List.of(
                List.of(Runs.forks("threads/park", 20_000, 21_000, 22_000), Runs.forks("virtual/park", 900, 950, 1000),
                        Runs.forks("akka/typed-p1", 75, 177, 195)),
                List.of(Runs.rendezvous("threads/park", 5_000, 5_200, 4_900), Runs.rendezvous("virtual/spin", 100, 104, 98)),
                List.of(Runs.fanOut("virtual/sleep", size, 140, 150, 145), Runs.fanOut("threads/scheduled", size, 120, 125, 130))));
        Path dir = Runs.write(results, run);
        Report.write(dir, Answer::write);
        page = dir.resolve(Report.HTML);
        Path slower = Runs.write(results, Runs.scaled(run, "20260101-010000", 1.5));
        Compare.write(dir, slower);
        compare = slower.resolve("compare-" + run.runId() + ".html");

        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--window-size=1400,2000", "--user-data-dir=" + Files.createTempDirectory("chromium"));
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .build();
        browser = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
    }

    /**
     * What the page must show: no console error, one table row per id in each workload's table,
     * and every chart an SVG drawn with a size.
     */
    static void check(Path html, Map<String, Integer> rowsPerTable, boolean charts) {
        browser.get(html.toUri().toString());
        List<LogEntry> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
        assertTrue(errors.isEmpty(), "console errors: " + errors);
        for (Map.Entry<String, Integer> t : rowsPerTable.entrySet()) {
            List<WebElement> rows = browser.findElements(By.cssSelector("table[data-kind='" + t.getKey() + "'] tbody tr"));
            assertEquals(t.getValue(), rows.size(), "rows of the " + t.getKey() + " table");
        }
        List<WebElement> drawn = browser.findElements(By.cssSelector("figure svg"));
        assertEquals(charts, !drawn.isEmpty(), "charts: " + drawn.size());
        for (WebElement svg : drawn) {
            assertTrue(svg.getSize().getWidth() > 0 && svg.getSize().getHeight() > 0, "a chart of size " + svg.getSize());
        }
    }

    @Test
    void everyIdHasItsRowAndEveryChartIsDrawn() {
        check(page, Map.of("ring", 3, "rendezvous", 2, "fanout", 2), true);
    }

    @Test
    void aPageWithATableRowMissingFailsTheCheck() throws Exception {
        String html = Files.readString(page);
        // a row of the ring's own table (the answer at the head of the page has ring rows too)
        int row = html.indexOf("<tr data-model=\"virtual\" data-workload=\"ring\"", html.indexOf("data-kind=\"ring\""));
        if (row < 0) {
            row = html.indexOf("data-workload=\"ring\"");
            row = html.lastIndexOf("<tr", row);
        }
        String broken = html.substring(0, row) + html.substring(html.indexOf("</tr>", row) + 5);
        Path copy = page.resolveSibling("report-broken.html");
        Files.writeString(copy, broken);
        AssertionError e = assertThrows(AssertionError.class, () -> check(copy, Map.of("ring", 3), true));
        assertTrue(e.getMessage().contains("rows of the ring table"), e.getMessage());
    }

    /** A click on a column header sorts the table by it, numbers by value; a second click reverses it. */
    @Test
    void clickingAColumnHeaderSortsByIt() {
        browser.get(page.toUri().toString());
        WebElement table = browser.findElement(By.cssSelector("table[data-kind='ring']"));
        WebElement header = table.findElements(By.tagName("th")).stream()
                .filter(th -> th.getText().startsWith("ns/hop")).findFirst().orElseThrow();
        header.click();
        List<Double> ascending = sortKeys(table, header);
        assertEquals(ascending.stream().sorted().toList(), ascending);
        header.click();
        List<Double> descending = sortKeys(table, header);
        assertEquals(descending.stream().sorted(java.util.Comparator.reverseOrder()).toList(), descending);
        WebElement idHeader = table.findElements(By.tagName("th")).get(0);
        idHeader.click();
        List<String> ids = table.findElements(By.cssSelector("tbody tr td:first-child")).stream()
                .map(WebElement::getText).toList();
        assertEquals(ids.stream().sorted().toList(), ids);
    }

    private static List<Double> sortKeys(WebElement table, WebElement header) {
        int column = table.findElements(By.tagName("th")).indexOf(header);
        return table.findElements(By.cssSelector("tbody tr")).stream()
                .map(tr -> Double.parseDouble(tr.findElements(By.tagName("td")).get(column).getDomAttribute("data-sort")))
                .collect(Collectors.toList());
    }

    /** The model filter hides every other model's rows. */
    @Test
    void theModelFilterShowsOneModel() {
        browser.get(page.toUri().toString());
        browser.findElement(By.cssSelector("select[data-filter='model'] option[value='virtual']")).click();
        List<WebElement> shown = browser.findElements(By.cssSelector("table[data-kind='ring'] tbody tr")).stream()
                .filter(WebElement::isDisplayed).toList();
        assertEquals(1, shown.size());
        assertEquals("virtual", shown.get(0).getDomAttribute("data-model"));
    }

    @Test
    void theComparisonPageColoursItsVerdicts() {
        check(compare, Map.of("compare", 7), false);
        List<WebElement> slower = browser.findElements(By.cssSelector("td.tone-bad"));
        assertFalse(slower.isEmpty(), "no verdict marked slower");
        assertTrue(slower.stream().allMatch(td -> td.getText().equals("B slower")));
        assertTrue(new File(compare.toString()).length() > 0);
    }
}
