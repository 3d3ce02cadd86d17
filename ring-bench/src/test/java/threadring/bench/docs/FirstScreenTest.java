package threadring.bench.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import threadring.bench.answer.Glance;
import threadring.bench.data.RunFile;
import threadring.bench.report.Board;
import threadring.bench.report.Format;
import threadring.bench.report.Text;
import threadring.bench.stats.Interval;
import threadring.bench.stats.Stats;

/**
 * README's first screen, regenerated from the committed sweeps: every sentence's numbers are claims
 * read from the data, and the checker that says so fails on each way a generated sentence was false
 * here before (a tie whose ratio excludes 1, a number typed, a ratio without its interval, a load
 * bound without "at least").
 */
class FirstScreenTest {

    static final Path RESULTS = Path.of("..", "docs", "results");
    static FirstScreen screen;

    @BeforeAll
    static void read() throws IOException {
        Pool pool = Pool.of(RESULTS, RunFile.read(Sweeps.newest(RESULTS)));
        screen = FirstScreen.of(pool, new FirstScreen.Links("docs/answer.svg", "docs/results/x/report.md",
                "docs/hosts.md", "docs/results/"), AcrossHosts.of(RESULTS, pool), LiveMemory.newest(RESULTS));
    }

    @Test
    void everySentenceOfTheFirstScreenIsReadFromTheData() {
        List<String> problems = new ArrayList<>();
        for (Text t : screen.texts()) {
            t.problems().forEach(p -> problems.add(p + " in: " + t.text()));
        }
        assertEquals(List.of(), problems);
        assertEquals(List.of("ring", "rendezvous", "fanout", "echo", "skynet"), screen.lines().stream()
                .map(l -> l.section().workload().label()).toList(), "one line per workload");
    }

    /** A tie is said only of leaders whose every ratio includes 1; the rendezvous' leaders are a tier, not a tie. */
    @Test
    void aTieIsSaidOnlyWhereEveryRatioIncludesOne() {
        for (Glance.Line l : screen.lines()) {
            boolean said = l.fastest().parts().stream().anyMatch(p -> p instanceof Text.Tie);
            assertEquals(said, l.board().leaders().size() > 1 && l.board().ties(l.board().leaders()), l.fastest().text());
        }
        Glance.Line rendezvous = screen.lines().get(1);
        assertTrue(rendezvous.fastest().text().startsWith("no single winner: "), rendezvous.fastest().text());
    }

    /** The glance's numbers are the details tables' own: a leader's level, the next's ratio over the first. */
    @Test
    void theGlanceSaysWhatTheTablesSay() {
        String details = Headline.markdown(screen.ratios(), "x");
        for (Glance.Line l : screen.lines()) {
            Board b = l.board();
            Board.Entry first = b.entries().get(0);
            String level = b.number().apply(first.level());
            assertTrue(l.fastest().text().contains(level), l.fastest().text());
            if (l.board().unit().startsWith("ns") || l.board().unit().startsWith("ms")) {
                assertTrue(details.contains("| " + first.id() + " | " + level), first.id() + " " + level);
            }
            b.next().ifPresent(n -> assertTrue(l.next().text().contains(Format.ratio(b.over(n, first))), l.next().text()));
        }
    }

    @Test
    void eachFalseSentenceOfBeforeFailsTheCheck() {
        Stats.Ratio apart = new Stats.Ratio(0.791, new Interval(0.692, 0.905), 0.001);
        Stats.Ratio within = new Stats.Ratio(1.04, new Interval(0.82, 1.31), 0.5);
        assertEquals(1, new Text().code("akka/pekko-typed-p1").words(" lead together (")
                .add(new Text.Tie("tie", List.of(within, apart))).words(")").problems().size(), "a tie that is not one");
        assertEquals(List.of(), new Text().add(new Text.Tie("tie", List.of(within))).problems());
        assertTrue(Text.of("the outlier at 31,544").problems().get(0).startsWith("a number not read from the data"));
        assertTrue(new Text().ratio(new Stats.Ratio(3.65, null, Double.NaN), false).problems().get(0)
                .startsWith("a ratio without its interval"));
        assertTrue(new Text().add(new Text.Number("90,724", 90_724, true)).problems().get(0)
                .startsWith("a load-bound number without \"at least\""));
        assertEquals(List.of(), new Text().bound("90,724", 90_724, true).problems());
        assertTrue(new Text().add(new Text.RatioOf("3.66x [2.20–6.03x]", new Stats.Ratio(3.65, new Interval(2.2, 6.03),
                0.01), false)).problems().get(0).startsWith("a ratio written otherwise"));
    }

    /** The screen says how far it reaches: the other host's pool is set beside the answer's. */
    @Test
    void theScreenSaysWhichOrderingsHoldOnTheOtherHost() {
        Optional<Text> hosts = screen.hosts();
        assertTrue(hosts.isPresent());
        assertTrue(hosts.get().text().startsWith("Across hosts: "), hosts.get().text());
        assertFalse(screen.jobs().isEmpty());
        assertTrue(screen.jobs().get(screen.jobs().size() - 1).text().startsWith("**More cores**: untested"));
    }
}
