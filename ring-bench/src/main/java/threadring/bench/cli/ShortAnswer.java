package threadring.bench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import threadring.bench.answer.Glance;
import threadring.bench.answer.Ranking;
import threadring.bench.answer.Rankings;
import threadring.bench.data.RunFile;
import threadring.bench.data.Settings;
import threadring.bench.docs.Pool;
import threadring.bench.docs.Sweeps;
import threadring.bench.report.Board;
import threadring.bench.sweep.Request;

/**
 * The short answer, what a default sweep becomes when its budget cannot hold its mandatory part
 * (about 50 minutes on this project's 2-cpu hosts; {@code --budget 20}): every workload, the forms
 * the docs' answer table names and each workload's baseline, {@link #FORKS} forks each
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

    /** The models the answer table always names, whatever their tier: its two comparison columns. */
    static final List<String> ANSWERED = List.of(Rankings.VIRTUAL, Rankings.THREADS, Rankings.GO);

    /**
     * The forms the answer table names, in the answer's order: each workload's first tier, the next
     * tier's first, the virtual-thread, platform-thread and Go forms, and the baseline. Not the
     * others: every model's fastest form, 50 id-series, had run 84 of its 150 forks after 16 minutes
     * on the AMD EPYC host (20261207-165134, stopped).
     */
    static List<String> ids(Pool pool) {
        Set<String> out = new LinkedHashSet<>();
        for (Board b : Glance.boards(pool)) {
            b.leaders().forEach(e -> out.add(e.id()));
            b.next().ifPresent(e -> out.add(e.id()));
            b.entries().stream().filter(e -> ANSWERED.contains(e.model())).forEach(e -> out.add(e.id()));
        }
        for (Ranking r : Rankings.of(pool)) {
            r.baseline().ifPresent(b -> out.add(b.id()));
        }
        return List.copyOf(out);
    }
}
