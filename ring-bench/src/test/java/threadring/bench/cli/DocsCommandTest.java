package threadring.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.docs.Headline;
import threadring.bench.docs.Since2014;
import threadring.bench.docs.Sweeps;
import threadring.bench.util.UsageException;

/** The docs' answer: found in the newest committed default sweep, written between markers, stale when it differs. */
class DocsCommandTest {

    static final Path COMMITTED = Path.of("..", "docs", "results");

    @Test
    void theAnswerGoesBetweenTheMarkersAndNowhereElse() {
        String page = "# T\n\nbefore\n" + DocsCommand.BEGIN + "\nold answer\n" + DocsCommand.END + "\nafter\n";
        String out = DocsCommand.replaced(page, "new answer\n", "README.md");
        assertEquals("# T\n\nbefore\n" + DocsCommand.BEGIN + "\n\nnew answer\n\n" + DocsCommand.END + "\nafter\n", out);
        assertEquals(out, DocsCommand.replaced(out, "new answer\n", "README.md"), "written twice, the same page");
        UsageException e = assertThrows(UsageException.class, () -> DocsCommand.replaced("# T\n", "x", "README.md"));
        assertTrue(e.getMessage().startsWith("README.md has no answer markers"), e.getMessage());
    }

    @Test
    void theNewestDefaultSweepOfEveryWorkloadIsTheDocsRun() throws IOException {
        Path newest = DocsCommand.newest(COMMITTED);
        Run run = RunFile.read(newest);
        assertTrue(Headline.defaultSweep(run));
        // a default sweep of four workloads (before Skynet) is not one of every workload
        assertFalse(Headline.defaultSweep(RunFile.read(COMMITTED.resolve("20261126-194407"))));
        assertTrue(run.runId().compareTo("20261128-050738") >= 0,
                "the newest is at least the first default sweep of five workloads: " + run.runId());
    }

    @Test
    void theCommittedPagesCarryTheNewestSweepsAnswer() throws IOException {
        Run run = RunFile.read(DocsCommand.newest(COMMITTED));
        threadring.bench.docs.Pool pool = threadring.bench.docs.Pool.of(COMMITTED, run);
        threadring.bench.docs.AcrossHosts across = threadring.bench.docs.AcrossHosts.of(COMMITTED, pool);
        java.util.Optional<threadring.bench.docs.LiveMemory> memory = threadring.bench.docs.LiveMemory.newest(COMMITTED);
        for (DocsCommand.Page page : DocsCommand.PAGES) {
            String text = Files.readString(Path.of("..").resolve(page.file()));
            String screen = threadring.bench.docs.FirstScreen.of(pool, page.links(run), across, memory,
                    threadring.bench.docs.Sweeps.asked(COMMITTED)).markdown();
            String details = Headline.markdown(pool, page.links(run).report());
            String expected = page.equals(DocsCommand.README)
                    ? DocsCommand.replaced(DocsCommand.replaced(text, DocsCommand.GLANCE, screen, page.file()),
                            DocsCommand.ANSWER, details, page.file())
                    : DocsCommand.replaced(text, DocsCommand.ANSWER, screen + "\n" + details, page.file());
            assertEquals(text, expected, page.file() + " is stale: run ./benchmark.sh docs");
        }
        assertEquals(across.markdown(), Files.readString(Path.of("..").resolve(DocsCommand.HOSTS)),
                DocsCommand.HOSTS + " is stale: run ./benchmark.sh docs");
    }

    /**
     * method.md's budget is the newest committed default sweep's minutes, on whichever host, and names
     * that sweep (not the pool the answer is read from: a new host's first sweep pools with nothing).
     */
    @Test
    void methodsBudgetIsTheNewestDefaultSweeps() throws IOException {
        Run run = null;
        for (Path d : Sweeps.runs(COMMITTED)) {
            Run r = RunFile.read(d);
            if (Headline.defaultSweep(r)) {
                run = r;
                break;
            }
        }
        assertTrue(run != null, "a committed default sweep");
        String method = Files.readString(Path.of("..", "docs", "method.md"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\*\\*The budget today: ([\\d.]+) minutes[^*]*\\*\\*")
                .matcher(method);
        assertTrue(m.find(), "method.md states the budget today");
        assertEquals(String.format(java.util.Locale.ROOT, "%.1f", run.minutes()), m.group(1),
                "method.md's budget against " + run.runId());
        String paragraph = method.substring(m.start(), method.indexOf("\n\n", m.start()));
        assertTrue(paragraph.contains(run.runId()), "the budget's paragraph names " + run.runId());
    }

    /** method.md counts every id per workload as the registry has them (its counts went stale once, at 62/56/22). */
    @Test
    void methodCountsTheRegistrysIds() throws IOException {
        threadring.core.RingFactories factories = threadring.core.RingFactories.load();
        java.util.List<String> counts = threadring.core.workloads.Workloads.ALL.stream()
                .map(w -> factories.all().stream().filter(f -> f.runs(w)).count() + " " + w.title()).toList();
        String expected = "the registry's " + String.join(", ", counts.subList(0, counts.size() - 1)) + " and "
                + counts.get(counts.size() - 1) + " ids";
        String method = Files.readString(Path.of("..", "docs", "method.md")).replaceAll("\\s+", " ");
        assertTrue(method.contains(expected), "method.md should say: " + expected);
    }

    /** implementations.md lists every registered id under its workloads, the default sweep's first. */
    @Test
    void implementationsListsTheRegistrysIds() throws IOException {
        threadring.core.RingFactories factories = threadring.core.RingFactories.load();
        String table = threadring.bench.docs.IdTable.markdown(factories);
        for (threadring.core.RingFactory f : factories.all()) {
            assertTrue(table.contains("`" + f.id() + "`"), f.id() + " is missing: " + table);
        }
        assertTrue(table.lines().anyMatch(l -> l.startsWith("| ring (") && l.contains("`threads/park`")), table);
        assertTrue(table.lines().anyMatch(l -> l.startsWith("| echo (") && l.contains("`cats/socket`")), table);
        String text = Files.readString(Path.of("..").resolve(DocsCommand.IMPLEMENTATIONS));
        assertEquals(text, DocsCommand.replaced(text, DocsCommand.IDS, table, DocsCommand.IMPLEMENTATIONS),
                DocsCommand.IMPLEMENTATIONS + "'s id list is stale: run ./benchmark.sh docs");
    }

    /** The 2014 table: from the committed run with the study's setups on the most JDKs, one row per JDK. */
    @Test
    void resultsCarriesThe2014StudyBesideTheRunOfTheMostJdks() throws IOException {
        Run run = RunFile.read(DocsCommand.mostJdks2014(COMMITTED));
        int jdks = Since2014.jdks(run);
        assertTrue(jdks >= 1, run.runId());
        String table = Since2014.markdown(run, "results/" + run.runId() + "/report.md");
        assertTrue(table.lines().filter(l -> l.startsWith("| ")).skip(1).findFirst().orElseThrow()
                .startsWith("| 2014 study (JDK 1.8"), "the study's own row first: " + table);
        assertEquals(jdks, table.lines().filter(l -> l.startsWith("| JDK ") && !l.startsWith("| JDK |")).count(),
                "a row per JDK: " + table);
        assertTrue(table.contains("29.0x") && table.contains("quasar/fiber-p2"), table);
        String text = Files.readString(Path.of("..").resolve(DocsCommand.RESULTS.file()));
        assertEquals(text, DocsCommand.replaced(text, DocsCommand.SINCE_2014, table, DocsCommand.RESULTS.file()),
                "docs/results.md's 2014 table is stale: run ./benchmark.sh docs");
        // a run without threads/park and a 2014 setup has no such table
        Run echoOnly = RunFile.read(COMMITTED.resolve("20261126-111722"));
        assertEquals(0, Since2014.jdks(echoOnly));
        assertThrows(IllegalArgumentException.class, () -> Since2014.markdown(echoOnly, "x"));
    }
}
