package threadring.bench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import threadring.bench.answer.Ranking;
import threadring.bench.answer.Rankings;
import threadring.bench.data.RunFile;
import threadring.bench.data.Settings;
import threadring.bench.docs.Pool;
import threadring.bench.docs.Sweeps;
import threadring.bench.sweep.Request;

/**
 * The short answer, what a default sweep becomes when its budget cannot hold its mandatory part
 * (about 50 minutes on this project's 2-cpu hosts; {@code --budget 20}): every workload, each
 * model's fastest form in the docs' answer and each workload's baseline, {@link #FORKS} forks each
 * with a shorter settle and fewer measured iterations, no profiling pass. Its intervals are as wide
 * as three JVMs make them; its forks are not alike to a default sweep's, so it never joins a pool,
 * and its report names it.
 */
final class ShortAnswer {

    /** Forks a row gets: the fewest an interval is drawn from. */
    static final int FORKS = 3;
    /** Measured iterations a fork gets (the default sweep's 8). */
    static final int ITERATIONS = 5;
    /** The first fork's settle (the default sweep's 5 s). */
    static final int SETTLE_MS = 2000;

    private ShortAnswer() {}

    /** The short answer of a default sweep's request, its ids read from the answer committed under {@code committed}. */
    static Request of(Request sweep, Path committed) {
        List<String> ids;
        try {
            ids = ids(Pool.of(committed, RunFile.read(Sweeps.newest(committed))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Settings s = sweep.settings();
        Settings.Scored d = s.scored();
        Settings.Scored scored = new Settings.Scored(false, false, FORKS, FORKS, d.warmups(), ITERATIONS,
                d.iterationMs(), d.passMs(), d.precision(), SETTLE_MS, d.counters(), d.jvmArgs(), FORKS, null);
        Settings settings = new Settings(new Settings.Selection(ids.stream().map(id -> "^" + Pattern.quote(id) + "$")
                .toList(), false, s.selection().workloads(), Settings.SHORT_ANSWER), s.series(), s.steps(), scored,
                s.cpus(), s.jdks(), List.of(), s.profiling(), s.seed());
        return new Request(settings, sweep.jdks(), sweep.results(), sweep.verbose(), null, sweep.workloadsNamed(),
                sweep.beside(), sweep.budgetMinutes(), null);
    }

    /** Every answer table's forms and each workload's baseline, in the answer's order. */
    static List<String> ids(Pool pool) {
        List<String> out = new ArrayList<>();
        for (Ranking r : Rankings.of(pool)) {
            r.entries().stream().map(e -> e.form().id()).filter(id -> !out.contains(id)).forEach(out::add);
            r.baseline().map(b -> b.id()).filter(id -> !out.contains(id)).ifPresent(out::add);
        }
        return out;
    }
}
