package threadring.bench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.answer.Answer;
import threadring.bench.compare.Compare;
import threadring.bench.data.Configuration;
import threadring.bench.data.Env;
import threadring.bench.data.Measured;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.data.Runs;
import threadring.bench.report.Chart;
import threadring.bench.report.Report;
import threadring.bench.report.Series;
import threadring.bench.util.UsageException;

/** merge: shards of a plan into its run, missing or twice-given shards refused, hosts kept apart. */
class MergeTest {

    static final String LABEL = "jdk25-cpusall";

    @TempDir
    Path results;

    /** Shard {@code k} of 2 of plan {@code plan}, on {@code host}, with these ids measured. */
    static Run shard(String runId, String plan, int k, String host, Measured... measured) {
        Run r = Runs.onHost(Runs.run(runId, List.of(LABEL), measured), runId, host);
        List<String> items = java.util.Arrays.stream(measured).map(m -> LABEL + "|x|" + m.id()).toList();
        return new Run(r.schema(), runId, r.state(), r.started(), r.finished(), r.machine(), r.settings(),
                r.asyncProfiler(), r.configurations(), r.jobs(), List.of(), new Run.Shard(plan, k, 2, 4, items), null,
                null, List.of());
    }

    static Merge.Input input(Path results, Run run) throws IOException {
        return new Merge.Input(Runs.write(results, run), run);
    }

    List<Merge.Input> twoShards(String host2) throws IOException {
        return List.of(
                input(results, shard("20260101-000001", "abc", 1, "box1", Runs.forks("threads/park", 2000, 2100, 2050),
                        Runs.forks("virtual/park", 400, 420, 410))),
                input(results, shard("20260101-000002", "abc", 2, host2, Runs.forks("akka/typed-p1", 80, 82, 81),
                        Runs.forks("quasar/fiber", 300, 310, 305))));
    }

    @Test
    void theShardsOfOnePlanMergeIntoOneRunWithEveryId() throws IOException {
        Run merged = Merge.merge(twoShards("box1"), false, results.resolve("m"));
        assertEquals(Run.State.COMPLETE, merged.state());
        assertEquals(List.of(LABEL), merged.configurations().stream().map(Configuration::label).toList());
        assertEquals(Set("akka/typed-p1", "quasar/fiber", "threads/park", "virtual/park"),
                Set(Series.ids(merged).toArray(String[]::new)));
        assertEquals(2, merged.mergedFrom().size());
        // the same forks and passes as each shard measured them
        assertEquals(3, merged.measured(LABEL).stream().filter(m -> m.id().equals("quasar/fiber")).findFirst()
                .orElseThrow().passes().orElseThrow().msPerPass().size());
    }

    @Test
    void aMissingShardIsRefusedUnlessPartial() throws IOException {
        List<Merge.Input> one = twoShards("box1").subList(0, 1);
        UsageException e = assertThrows(UsageException.class, () -> Merge.merge(one, false, results.resolve("m")));
        assertTrue(e.getMessage().startsWith("merge: missing shard 2/2 of plan abc (have 20260101-000001 (1/2))"),
                e.getMessage());
        Run partial = Merge.merge(one, true, results.resolve("m"));
        assertEquals(Run.State.PARTIAL, partial.state());
        assertEquals(List.of("missing shard 2/2 of plan abc"), partial.partial());
    }

    @Test
    void aShardGivenTwiceOrAnIdMeasuredTwiceIsRefused() throws IOException {
        List<Merge.Input> shards = twoShards("box1");
        Run again = shard("20260101-000003", "abc", 2, "box1", Runs.forks("akka/typed-p1", 80, 82, 81));
        UsageException e = assertThrows(UsageException.class, () -> Merge.merge(List.of(shards.get(0), shards.get(1),
                new Merge.Input(results.resolve("x"), again)), false, results.resolve("m")));
        assertEquals("merge: shard 2/2 of plan abc given twice: 20260101-000002 and 20260101-000003", e.getMessage());
        Run other = Runs.run("20260101-000004", List.of(LABEL), Runs.forks("virtual/park", 400, 420, 410));
        Run sameHost = Runs.onHost(other, other.runId(), "box1");
        e = assertThrows(UsageException.class, () -> Merge.merge(List.of(shards.get(0), shards.get(1),
                new Merge.Input(results.resolve("y"), sameHost)), false, results.resolve("m")));
        assertTrue(e.getMessage().startsWith("merge: virtual/park in ring nodes=503"), e.getMessage());
    }

    @Test
    void shardsOfTwoPlansDoNotFillEachOther() throws IOException {
        Merge.Input one = input(results, shard("20260101-000001", "abc", 1, "box1",
                Runs.forks("threads/park", 2000, 2100, 2050)));
        Merge.Input two = input(results, shard("20260101-000002", "def", 2, "box1",
                Runs.forks("virtual/park", 400, 420, 410)));
        UsageException e = assertThrows(UsageException.class, () -> Merge.merge(List.of(one, two), false,
                results.resolve("m")));
        assertTrue(e.getMessage().startsWith("merge: missing shard 2/2 of plan abc, shard 1/2 of plan def"),
                e.getMessage());
        assertTrue(e.getMessage().contains("belong to 2 plans (abc, def), which do not fill each other"),
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void runsOfTwoHostsKeepTheirOwnConfigurations() throws IOException {
        Run merged = Merge.merge(twoShards("box2"), false, results.resolve("m"));
        assertEquals(List.of("box1/" + LABEL, "box2/" + LABEL),
                merged.configurations().stream().map(Configuration::label).toList());
        assertEquals("box2", merged.host(merged.configurations().get(1)).hostname());
        String md = Report.render(merged, new Chart.Outcome(null, null, "none"), Answer::write);
        assertTrue(md.contains("hosts: 2, each its own configurations"), md);
        assertTrue(md.contains("## box1/" + LABEL), md);
    }

    @Test
    void mergingTheSameRunsTwiceWritesTheSameFolder() throws IOException {
        List<Merge.Input> shards = twoShards("box1");
        Path first = Merge.write(shards, false, results);
        String run = Files.readString(first.resolve(RunFile.NAME));
        String md = Files.readString(first.resolve(Report.FILE));
        Files.createDirectories(shards.get(0).dir().resolve("profiles").resolve("x"));
        Files.writeString(shards.get(0).dir().resolve("profiles").resolve("x").resolve("p.txt"), "profile");
        Path second = Merge.write(List.of(shards.get(1), shards.get(0)), false, results);
        assertEquals(first, second);
        assertEquals("profile", Files.readString(second.resolve("from/01-20260101-000001/profiles/x/p.txt")),
                "the shards' profiles travel with the merged folder");
        assertEquals(run, Files.readString(second.resolve(RunFile.NAME)));
        assertEquals(md, Files.readString(second.resolve(Report.FILE)));
    }

    @Test
    void runsWithoutAHostNameAreNotTakenForAnotherHost() throws IOException {
        Run old = Runs.run("a", List.of(LABEL), Runs.forks("threads/park", 2000, 2100, 2050));
        Run now = Runs.onHost(old, "b", "box1");
        assertTrue(Run.sameHosts(old, now));
        assertTrue(!Compare.render(old, Path.of("a"), now, Path.of("b")).contains("different hosts"));
    }

    @Test
    void twoJdkBuildsUnderOneLabelAreRefused() throws IOException {
        List<Merge.Input> shards = twoShards("box1");
        Run b = shards.get(1).run();
        Configuration c = b.configurations().get(0);
        Env.Jvm other = new Env.Jvm("Oracle", "25.0.1", 25, "VM", "25.0.1+8", "/other", List.of(), 2, 1 << 29);
        Run oracle = new Run(b.schema(), b.runId(), b.state(), b.started(), b.finished(), b.machine(), b.settings(),
                null, List.of(Configuration.local(c.label(), "/other", c.cpus(), other)), b.jobs(), List.of(),
                b.shard(), null, null, List.of());
        UsageException e = assertThrows(UsageException.class, () -> Merge.merge(List.of(shards.get(0),
                new Merge.Input(shards.get(1).dir(), oracle)), false, results.resolve("m")));
        assertTrue(e.getMessage().startsWith("merge: configuration jdk25-cpusall is two JDK builds"), e.getMessage());
    }

    @Test
    void compareAcrossHostsJudgesSpeedUpsNotTimes() throws IOException {
        Run fast = Runs.run("a", List.of(LABEL), Runs.forks("threads/park", 2000, 2100, 2050),
                Runs.forks("virtual/park", 400, 420, 410));
        Run a = Runs.onHost(fast, "a", "box1");
        Run slowBox = Runs.scaled(fast, "b", 3);
        Run b = Runs.onHost(slowBox, "b", "slowbox");
        String md = Compare.render(a, Path.of("a"), b, Path.of("b"));
        assertTrue(md.contains("**A and B ran on different hosts**"), md);
        assertTrue(md.contains("| virtual/park | 5.00x ["), md);
        assertTrue(md.contains("| overlaps |"), "three times slower everywhere: the same speed-ups " + md);
    }

    private static java.util.Set<String> Set(String... s) {
        return java.util.Set.of(s);
    }
}
