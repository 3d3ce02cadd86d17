package threadring.bench.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import threadring.bench.data.RunFile;
import threadring.bench.docs.Pool;
import threadring.bench.docs.Sweeps;
import threadring.bench.report.Board;

/**
 * The answer's chart, drawn from the committed pool the docs answer from: the same answer draws the
 * same file, every workload has its panel and every model its row, and a real browser (Debian's
 * headless Chromium; skipped, saying so, where it is missing) renders it at README's width.
 */
class AnswerChartTest {

    static final Path RESULTS = Path.of("..", "docs", "results");

    @TempDir
    Path dir;

    /** The boards the docs draw: the pool's, then the one row of each workload the default sweep leaves out. */
    static List<Board> boards() throws IOException {
        List<Board> boards = new java.util.ArrayList<>(Glance.boards(Pool.of(RESULTS, RunFile.read(Sweeps.newest(RESULTS)))));
        Sweeps.asked(RESULTS).forEach(a -> a.board().ifPresent(boards::add));
        return boards;
    }

    @Test
    void theSameAnswerDrawsTheSameChartWithARowPerModel() throws IOException {
        List<Board> boards = boards();
        String svg = AnswerChart.svg(boards);
        assertEquals(svg, AnswerChart.svg(boards), "drawn twice, the same file");
        for (Board b : boards) {
            assertTrue(svg.contains(b.series().workload().label() + " ("), "a panel for " + b.series().workload().label());
            for (Board.Entry e : b.entries()) {
                assertTrue(svg.contains(e.id()), e.id());
            }
        }
        assertEquals(svg, Files.readString(Path.of("..", "docs", "answer.svg")), "docs/answer.svg is the pool's "
                + "chart: run ./benchmark.sh docs");
    }

    @Test
    void aBrowserDrawsItAtReadmeWidth() throws IOException {
        Path chromium = Path.of("/usr/bin/chromium");
        Path driver = Path.of("/usr/bin/chromedriver");
        Assumptions.assumeTrue(Files.isExecutable(chromium) && Files.isExecutable(driver), "skipped: no headless "
                + "browser here; install Debian's chromium and chromium-driver: apt-get install -y chromium chromium-driver");
        Path svg = dir.resolve("answer.svg");
        Files.writeString(svg, AnswerChart.svg(boards()));
        Path page = dir.resolve("page.html");
        Files.writeString(page, "<html><body style=\"width:880px\"><img id=\"chart\" src=\"answer.svg\" "
                + "style=\"max-width:100%\"></body></html>");
        ChromeOptions options = new ChromeOptions().setBinary(chromium.toFile()).addArguments("--headless",
                "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1000,2000",
                "--user-data-dir=" + Files.createTempDirectory("chromium"));
        WebDriver browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(driver.toFile())
                .build(), options);
        try {
            browser.get(page.toUri().toString());
            WebElement img = browser.findElement(By.id("chart"));
            Object natural = ((org.openqa.selenium.JavascriptExecutor) browser).executeScript(
                    "var i = document.getElementById('chart'); return i.complete ? i.naturalWidth : -1;");
            assertEquals(AnswerChart.WIDTH, ((Number) natural).intValue(), "the browser read the SVG's width");
            assertTrue(img.getSize().getHeight() > 200, "drawn with a height: " + img.getSize());
        } finally {
            browser.quit();
        }
    }
}
