package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartTest {

    @TempDir
    Path dir;

    @Test
    void onePngOfTheExpectedSizeAndAnSvg() throws IOException {
        RunFixture f = new RunFixture(dir).env("20260101-000000", "[]", "jdk25-cpusall");
        f.jmh("jdk25-cpusall", "ThreadsBenchmark.json",
                ReportTest.result("t.ThreadsBenchmark.pass", "threads/park", 1000, 10, 11, 9));
        f.jmh("jdk25-cpusall", "VirtualBenchmark.json",
                ReportTest.result("v.VirtualBenchmark.pass", "virtual/park", 1000, 0.2, 0.2, 0.2),
                ReportTest.result("v.VirtualBenchmark.pass", "virtual/lock", 1000, 0.5, 0.6));
        Chart.Outcome out = Chart.write(RunData.load(dir));
        assertNull(out.problem());
        assertEquals(Chart.PNG, out.png());
        BufferedImage image = ImageIO.read(dir.resolve(Chart.PNG).toFile());
        assertNotNull(image, "chart.png is not a readable image");
        assertEquals(900, image.getWidth());
        assertEquals(Chart.HEIGHT, image.getHeight());
        assertEquals(Chart.SVG, out.svg());
        assertTrue(Files.readString(dir.resolve(Chart.SVG)).contains("<svg"));
    }

    /** A cpu-set sweep: one series per configuration, an id measured in only one of them. */
    @Test
    void groupedBarsForSeveralConfigurationsWidenTheChart() throws IOException {
        String[] labels = {"jdk25-cpus0", "jdk25-cpus0-1", "jdk17-cpus0"};
        RunFixture f = new RunFixture(dir).env("20260101-000000", "[]", labels);
        for (String label : labels) {
            StringBuilder results = new StringBuilder();
            for (int i = 0; i < 20; i++) {
                if (i > 0) {
                    results.append(',');
                }
                results.append(ReportTest.result("x.B.pass", "model/v" + i, 1000, 1 + i, 1 + i, 1 + i));
            }
            f.write("jmh/" + label + "/B.json", "[" + results + "]");
        }
        f.write("jmh/jdk25-cpus0/C.json", "[" + ReportTest.result("x.C.pass", "virtual/park", 1000, 3, 3, 3) + "]");
        RunData run = RunData.load(dir);
        assertEquals(3, Chart.build(run).orElseThrow().getSeriesMap().size());
        Chart.Outcome out = Chart.write(run);
        assertNull(out.problem());
        BufferedImage image = ImageIO.read(dir.resolve(Chart.PNG).toFile());
        assertEquals(160 + 21 * (24 + 14 * 3), image.getWidth());
        assertEquals(Chart.HEIGHT, image.getHeight());
    }

    @Test
    void nothingMeasuredNothingDrawn() throws IOException {
        new RunFixture(dir).env("20260101-000000", "[]", "jdk25-cpusall");
        Chart.Outcome out = Chart.write(RunData.load(dir));
        assertEquals("no results to draw", out.problem());
        assertTrue(Files.notExists(dir.resolve(Chart.PNG)));
    }
}
