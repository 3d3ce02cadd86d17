package threadring.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.rerun.estimate.RerunPairs;
import threadring.bench.rerun.estimate.Spreads;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.stats.Stats;
import threadring.bench.stats.Steady;

/**
 * The default sweeps against the long runs, main state by main state, as docs/method.md's "Checked
 * against long runs" counts them: a sweep's row agrees where its main state's level lies inside the
 * long run's nearest state's 95% interval or within 3% of its level (A), or the long run's level lies
 * inside the row's own interval (B, what that interval claims).
 */
class LongRunsTest {

    static final Path RESULTS = Path.of("..", "docs", "results");
    /** Every default ring and rendezvous id in 8 JVMs, each warmed at least 8 s (the morning's). */
    static final String RING_AND_RENDEZVOUS = "20261128-085436";
    /** The same, in the evening, after the sweep 20261128-191957. */
    static final String RING_AND_RENDEZVOUS_EVENING = "20261128-203208";
    /** Every default fan-out id in 8 JVMs, each warmed at least 8 s. */
    static final String FANOUT = "20261128-120404";

    /** One main state against the long run's nearest. */
    record Check(String row, Stats.State state, Stats.State longRun) {
        boolean a() {
            return longRun.interval() != null && longRun.interval().contains(state.level())
                    || Math.abs(Math.log(state.level() / longRun.level())) <= Steady.EQUIVALENT;
        }

        boolean b() {
            return state.interval() != null && state.interval().contains(longRun.level());
        }
    }

    static List<Check> checks(Run sweep) throws IOException {
        return checks(sweep, RING_AND_RENDEZVOUS);
    }

    /** {@code sweep}'s main states against the long run {@code ringAndRendezvous} and the fan-out's. */
    static List<Check> checks(Run sweep, String ringAndRendezvous) throws IOException {
        Run ring = RunFile.read(RESULTS.resolve(ringAndRendezvous));
        Run fanout = RunFile.read(RESULTS.resolve(FANOUT));
        List<Check> out = new ArrayList<>();
        for (Series<?> s : Series.of(sweep)) {
            String w = s.workload().label();
            Run reference = w.equals("fanout") ? fanout : w.equals("ring") || w.equals("rendezvous") ? ring : null;
            if (reference == null) {
                continue;
            }
            for (Series<?> ls : Series.of(reference)) {
                if (!ls.label().equals(s.label()) || !ls.size().equals(s.size())) {
                    continue;
                }
                for (Series.Row row : s.rows(sweep)) {
                    Stats.State main = row.summary().states().stream().max(Comparator.comparingInt(Stats.State::forks))
                            .orElseThrow();
                    ls.row(reference, row.id()).ifPresent(l -> out.add(new Check(w + " " + row.id(), main,
                            l.summary().states().stream().min(Comparator.comparingDouble(x -> Math.abs(
                                    Math.log(x.level() / main.level())))).orElseThrow())));
                }
            }
        }
        return out;
    }

    static List<String> misses(List<Check> checks) {
        return checks.stream().filter(c -> !c.a() && !c.b()).map(Check::row).sorted().toList();
    }

    /** The sweep 20261128-140145 as recorded (before the spike rule and the ids' spreads): none of its 37 misses. */
    @Test
    void sweep140145AsRecordedMissesNone() throws IOException {
        List<Check> checks = checks(RunFile.read(RESULTS.resolve("20261128-140145")));
        assertEquals(37, checks.size());
        assertEquals(List.of(), misses(checks));
    }

    /** The sweep 20261128-171654 as recorded: two of its 37 main states miss, both faster than the long run. */
    @Test
    void sweep171654AsRecordedMissesTwo() throws IOException {
        List<Check> checks = checks(RunFile.read(RESULTS.resolve("20261128-171654")));
        assertEquals(37, checks.size());
        assertEquals(List.of("ring akka/typed-p1", "ring quasar/fiber"), misses(checks));
    }

    /**
     * The same sweep with its ids' own spreads over the committed runs before it (what a sweep
     * records now, {@link RerunPairs#earlier}): none misses.
     */
    @Test
    void sweep171654WithItsIdsSpreadsMissesNone() throws IOException {
        Run run = RunFile.read(RESULTS.resolve("20261128-171654"));
        Rerun recorded = run.settings().scored().rerun();
        List<Run> earlier = RerunPairs.earlier(RESULTS, run.runId(), run.settings(),
                run.machine().hostname());
        Rerun floored = new Rerun(recorded.parts(), recorded.source(), Spreads.of(earlier));
        List<Check> checks = checks(run.withSettings(run.settings().withScored(run.settings().scored()
                .withRerun(floored))));
        assertEquals(37, checks.size());
        assertEquals(List.of(), misses(checks));
    }

    /**
     * The sweep 20261128-191957, which recorded its ids' spreads: against the morning's long run
     * (10.5 hours before; the machine's single-thread speed probe moved 0.96x, its cross-CPU handoff
     * 0.85x) two rows read faster outside both intervals; against the evening's, none.
     */
    @Test
    void sweep191957AgreesWithTheLongRunBesideIt() throws IOException {
        Run sweep = RunFile.read(RESULTS.resolve("20261128-191957"));
        List<Check> morning = checks(sweep);
        assertEquals(37, morning.size());
        assertEquals(List.of("rendezvous threads/park", "ring akka/typed-p1"), misses(morning));
        List<Check> evening = checks(sweep, RING_AND_RENDEZVOUS_EVENING);
        evening.forEach(c -> System.out.printf(java.util.Locale.ROOT, "%s %.1f %s vs %.1f %s%s%n", c.row(),
                c.state().level(), c.state().interval(), c.longRun().level(), c.longRun().interval(),
                (c.a() ? " A" : "") + (c.b() ? " B" : "")));
        assertEquals(37, evening.size());
        assertEquals(List.of(), misses(evening));
    }

    /**
     * The sweep 20261128-231830 (the waiting ZIO offer; 2.5 hours after the evening's long run; its
     * cross-CPU probe read 22.4 ns at its start, 199.2 in its middle and 210.7 at its end): its main
     * states against the evening's. One misses: rendezvous `virtual/spin`, whose JVMs settled in two states 5.59x apart and
     * whose main state (5 of 8 JVMs, 472.9) is the slow one, which none of the long run's 8 JVMs reached;
     * its fast state (3 of 8, 84.6 [62.5-114.5]) holds the long run's 92.9. The row says "states".
     */
    @Test
    void sweep231830AgainstTheEveningsLongRun() throws IOException {
        Run sweep = RunFile.read(RESULTS.resolve("20261128-231830"));
        List<Check> evening = checks(sweep, RING_AND_RENDEZVOUS_EVENING);
        assertEquals(37, evening.size());
        assertEquals(List.of("rendezvous virtual/spin"), misses(evening));
    }
}
