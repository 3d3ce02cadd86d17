package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.axis.ValueAxis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.data.Run;
import threadring.bench.data.Runs;
import threadring.bench.stats.Stats;

class ChartTest {

    static final List<String> ALL = List.of("jdk25-cpusall");

    @TempDir
    Path dir;

    /**
     * The whisker of a known row, found in the pixels of the rendered PNG, spans exactly the
     * interval's ends on a log axis: each end's x is computed here from the axis bounds and the
     * plot area alone (log10 is linear in pixels), not by asking JFreeChart to map values.
     */
    @Test
    void whiskersSpanTheIntervalOnTheLogAxis() throws IOException {
        // 55 ns/hop with forks 40..75 (the old chart drew +-15 at 55 ns as 6..900 ns)
        Run run = Runs.run("20260101-000000", ALL, Runs.forks("akka/typed-p1", 40, 55, 75),
                Runs.forks("threads/park", 20_000, 21_000, 22_000));
        Stats.Summary s = Series.of(run).get(0).rows(run).get(0).summary();
        Chart.Drawing d = Chart.build(run, x -> Sections.name(run, x)).orElseThrow();
        ChartRenderingInfo info = new ChartRenderingInfo();
        BufferedImage image = d.chart().createBufferedImage(d.width(), d.height(), info);
        Rectangle2D area = info.getPlotInfo().getDataArea();
        ValueAxis ns = d.plot().getRangeAxis();
        ValueAxis ids = d.plot().getDomainAxis();

        int y = (int) Math.round(area.getMinY() + area.getHeight() * (0 - ids.getLowerBound())
                / (ids.getUpperBound() - ids.getLowerBound())); // row 0 on top (inverted axis)
        Color akka = (Color) d.plot().getRenderer().getItemPaint(0, 0); // the row drawn first: akka/typed-p1
        int[] span = {Integer.MAX_VALUE, -1};
        for (int row = y - 2; row <= y + 2; row++) { // the whisker's stroke is 2 px wide, antialiased
            int[] s2 = span(image, area, row, akka);
            if (s2[1] >= 0) {
                span[0] = Math.min(span[0], s2[0]);
                span[1] = Math.max(span[1], s2[1]);
            }
        }
        assertEquals(x(area, ns, s.interval().low()), span[0], 2.0, "left end of the whisker");
        assertEquals(x(area, ns, s.interval().high()), span[1], 2.0, "right end of the whisker");
        // and the interval is asymmetric on a linear scale, symmetric on the log one
        assertEquals(Math.log(s.median() / s.interval().low()), Math.log(s.interval().high() / s.median()), 0.1);
    }

    /** The pixel x of {@code value} on a log axis spanning the plot area. */
    private static double x(Rectangle2D area, ValueAxis axis, double value) {
        double lo = Math.log10(axis.getLowerBound());
        double hi = Math.log10(axis.getUpperBound());
        return area.getMinX() + area.getWidth() * (Math.log10(value) - lo) / (hi - lo);
    }

    /**
     * The leftmost and rightmost pixel of the plot area in row {@code y} drawn in colour {@code c}
     * (antialiased edges count when at least half covered).
     */
    private static int[] span(BufferedImage image, Rectangle2D area, int y, Color c) {
        int first = -1;
        int last = -1;
        for (int x = (int) area.getMinX(); x < area.getMaxX(); x++) {
            Color p = new Color(image.getRGB(x, y));
            if (blendOf(p, c)) {
                first = first < 0 ? x : first;
                last = x;
            }
        }
        return new int[] {first, last};
    }

    /** True if {@code p} is {@code c} blended with white, at least half {@code c} (an antialiased edge). */
    private static boolean blendOf(Color p, Color c) {
        int[] pc = {p.getRed(), p.getGreen(), p.getBlue()};
        int[] cc = {c.getRed(), c.getGreen(), c.getBlue()};
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            double share = (255.0 - pc[i]) / (255.0 - cc[i]);
            lo = Math.min(lo, share);
            hi = Math.max(hi, share);
        }
        return lo >= 0.45 && hi <= 1.15 && hi - lo < 0.25;
    }

    @Test
    void aPngAndAnSvgWithOneLinePerId() throws IOException {
        Run run = Runs.run("20260101-000000", List.of("jdk25-cpus0", "jdk25-cpus0-1"),
                Runs.forks("virtual/park", 400, 420, 410), Runs.forks("quasar/fiber", 75, 177, 195),
                Runs.forks("threads/park", 20_000, 21_000, 22_000));
        Chart.Outcome out = Chart.write(dir, run, Series.steps(run), s -> Sections.name(run, s), "ns per hop", 1, Chart.PNG, Chart.SVG);
        assertNull(out.problem());
        BufferedImage image = ImageIO.read(dir.resolve(Chart.PNG).toFile());
        assertNotNull(image, "chart.png is not a readable image");
        assertEquals(Chart.WIDTH, image.getWidth());
        assertEquals(150 + 3 * Chart.ROW_HEIGHT, image.getHeight());
        assertEquals(Chart.SVG, out.svg());
        String svg = Files.readString(dir.resolve(Chart.SVG));
        assertTrue(svg.contains("<svg") && svg.contains("quasar/fiber (forks apart)"), "flagged rows are labelled with why");
        assertEquals(2, Chart.build(run, s -> Sections.name(run, s)).orElseThrow().plot().getDataset().getSeriesCount(), "one series per configuration");
    }

    @Test
    void nothingMeasuredNothingDrawn() {
        Run run = Runs.run("20260101-000000", ALL, Runs.failed("virtual/park", "boom"));
        Chart.Outcome out = Chart.write(dir, run, Series.steps(run), s -> Sections.name(run, s), "ns per hop", 1, Chart.PNG, Chart.SVG);
        assertEquals("no results to draw", out.problem());
        assertTrue(Files.notExists(dir.resolve(Chart.PNG)));
    }
}
