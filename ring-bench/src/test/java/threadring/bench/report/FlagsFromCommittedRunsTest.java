package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.answer.Answer;
import threadring.bench.answer.Ranking;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.stats.Stats;

/**
 * The flags as the committed sweeps of 2026-11-28 test them: "warm-up too short" only where the
 * later forks read slower than the long-warmed JVM had settled at (of the eleven rows it used to
 * flag); a row whose JVMs form three clusters is split; a row whose forks changed level while
 * measured says so.
 */
class FlagsFromCommittedRunsTest {

    /** Every cause the rows of {@code id} in {@code runId} are flagged with (null: not flagged), over its series. */
    static List<Stats.Cause> causes(String runId, String id) throws IOException {
        Run run = RunFile.read(RatioAnswerTest.RESULTS.resolve(runId));
        return Series.of(run).stream().flatMap(s -> s.row(run, id).stream())
                .map(r -> r.summary().flag() == null ? null : r.summary().flag().cause()).toList();
    }

    /** The eleven rows flagged "warm-up too short" before the rule asked that the later forks read slower. */
    @Test
    void aWarmupIsTooShortOnlyWhereTheLaterForksReadSlower() throws IOException {
        // the rendezvous row: the long-warmed JVM read 609.9, the later forks 633.0-658.3 (+6%)
        assertTrue(causes("20261128-074517", "kilim/mailbox-p1").contains(Stats.Cause.WARMUP));
        // the long-warmed JVM is the slow one: another difference, named as such
        for (String[] x : List.of(new String[] {"20261128-171654", "zio/fork-join"},
                new String[] {"20261128-191957", "coroutines/continuation-loop"},
                new String[] {"20261128-231830", "floor/loop"})) {
            assertTrue(causes(x[0], x[1]).contains(Stats.Cause.FIRST_APART), String.join(" ", x));
        }
        // the long-warmed JVM read faster early, or the later forks no slower than it settled: no warm-up flag
        for (String[] x : List.of(new String[] {"20261128-050738", "threads/forkjoin"},
                new String[] {"20261128-050738", "kilim/answer-mailbox"},
                new String[] {"20261128-050738", "virtual/scope"},
                new String[] {"20261128-110040", "coroutines/continuation-loop"},
                new String[] {"20261128-110040", "kilim/mailbox-p1"},
                new String[] {"20261128-140145", "akka/pekko-typed-p1"},
                new String[] {"20261128-231830", "akka/classic"})) {
            List<Stats.Cause> causes = causes(x[0], x[1]);
            assertTrue(!causes.isEmpty() && !causes.contains(Stats.Cause.WARMUP), String.join(" ", x) + ": " + causes);
        }
    }

    /**
     * Evidence that points both ways is no warm-up flag: ring threads/park in 20261130-020628, whose
     * long-warmed JVM settled at 0.0 s (no warm-up needed) and read +15% where the later forks were
     * measured, one of which read faster than it settled; it was flagged "warm-up too short".
     */
    @Test
    void aWarmupFlagNeedsEvidenceThatPointsOneWay() throws IOException {
        Run run = RunFile.read(RatioAnswerTest.RESULTS.resolve("20261130-020628"));
        Stats.Summary park = Series.of(run).get(0).row(run, "threads/park").orElseThrow().summary();
        assertEquals(0.0, park.steady().get(0).settledSeconds(), 1e-9, "the long-warmed JVM settled at once");
        assertTrue(park.forkMedians().subList(1, park.forkMedians().size()).stream()
                .anyMatch(l -> l < park.steady().get(0).level() / 1.03), "a later fork faster than it settled");
        assertTrue(park.flag() == null || park.flag().cause() != Stats.Cause.WARMUP, park.unstable());
    }

    /** Ring virtual/park-p1 in 231830: JVMs at 161.7, 171.1 | 220.2, 221.1, 221.7 | 275.5, 295.6 are three states. */
    @Test
    void threeClustersAreThreeStatesAndTakeNoTier() throws IOException {
        Run run = RunFile.read(RatioAnswerTest.RESULTS.resolve("20261128-231830"));
        Series<?> ring = Series.of(run).get(0);
        Stats.Summary s = ring.row(run, "virtual/park-p1").orElseThrow().summary();
        assertEquals(Stats.Cause.STATES, s.flag().cause(), s.unstable());
        assertEquals(List.of(2, 3, 2), s.states().stream().map(Stats.State::forks).toList());
        Ranking r = Answer.rankings(run).stream().filter(x -> x.series().equals(ring)).findFirst().orElseThrow();
        assertEquals(0, r.entries().stream().filter(e -> e.form().id().equals("virtual/park-p1")).findFirst()
                .orElseThrow().tier(), "3 of 7 JVMs: no state holds half");
    }

    /** The tree's kilim/answer-mailbox in 231830: all 5 forks changed level while measured, said and flagged. */
    @Test
    void forksThatChangedLevelWhileMeasuredFlagTheRow() throws IOException {
        Run run = RunFile.read(RatioAnswerTest.RESULTS.resolve("20261128-231830"));
        Stats.Summary s = Series.of(run).stream().flatMap(x -> x.row(run, "kilim/answer-mailbox").stream())
                .findFirst().orElseThrow().summary();
        assertEquals(Stats.Cause.MOVED, s.flag().cause());
        assertTrue(s.flag().text().startsWith("5 of 5 forks changed level while measured"), s.flag().text());
    }
}
