package threadring.bench.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;
import threadring.bench.answer.Glance;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.report.Board;
import threadring.bench.report.Series;
import threadring.bench.units.Units;
import threadring.bench.util.UsageException;
import threadring.core.Workload;

/** The committed default sweeps the docs answer from: the newest that pools, overall and per host. */
public final class Sweeps {

    private Sweeps() {}

    /** The runs under {@code committed}, newest first. */
    public static List<Path> runs(Path committed) throws IOException {
        try (Stream<Path> s = Files.list(committed)) {
            return s.filter(RunFile::isRun).sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed())
                    .toList();
        }
    }

    /**
     * The run the docs answer from: the newest default sweep of every workload under {@code committed}
     * whose pool ({@link Pool#of}: alike sweeps of the same host, cpu and JDKs within a day) has
     * {@link Pool#MIN_RUNS} runs, enough to estimate its own components; else the newest with any
     * alike sweep to pool with; else the newest default sweep. A pool of two on new hardware pools
     * on one degree of freedom where its runs disagree, and its intervals span most orderings (the
     * first Intel pair put `threads/park` in the rendezvous' leading tier): it does not displace a
     * replicated answer; it is in the results' index.
     */
    public static Path newest(Path committed) throws IOException {
        Path found = newest(committed, r -> true);
        if (found == null) {
            throw new UsageException("no default sweep of every workload under " + committed);
        }
        return found;
    }

    /** The same rule per cpu model: each host's newest default sweep that pools, by cpu model, newest host first. */
    public static Map<String, Path> newestPerCpu(Path committed) throws IOException {
        Map<String, Path> out = new LinkedHashMap<>();
        for (Path d : runs(committed)) {
            Run run = RunFile.read(d);
            String cpu = run.machine().cpuModel();
            if (!out.containsKey(cpu) && Headline.defaultSweep(run)) {
                out.put(cpu, newest(committed, r -> r.machine().cpuModel().equals(cpu)));
            }
        }
        return out;
    }

    /** A workload the default sweep leaves out, and the committed run that answers for it. */
    public record Asked(Workload<?, ?> workload, Run run) {
        /** The board of its one row in the glance, which the answer's chart draws too. */
        public Optional<Board> board() {
            return Glance.of(run, workload, null).map(Glance.Line::board);
        }
    }

    /**
     * Each workload the default sweep leaves out ({@code --workload} asks for it), with the complete
     * run under {@code committed} that measured the most of its ids, the newest of those: a run of a
     * few ids (a scheduler knob's) does not answer for the workload. None where it was never measured.
     */
    public static List<Asked> asked(Path committed) throws IOException {
        List<Asked> out = new ArrayList<>();
        List<Workload<?, ?>> swept = Units.swept();
        List<Workload<?, ?>> left = Units.ALL.stream().<Workload<?, ?>>map(s -> s.workload())
                .filter(w -> !swept.contains(w)).toList();
        for (Workload<?, ?> w : left) {
            Run best = null;
            long most = 0;
            for (Path d : runs(committed)) { // newest first: a later run must measure more ids to answer
                Run run = RunFile.read(d);
                long ids = run.state() == Run.State.COMPLETE ? Series.of(run, w).stream()
                        .flatMap(s -> s.rows(run).stream()).map(Series.Row::id).distinct().count() : 0;
                if (ids > most) {
                    best = run;
                    most = ids;
                }
            }
            if (best != null) {
                out.add(new Asked(w, best));
            }
        }
        return out;
    }

    /** The rule of {@link #newest} over the default sweeps {@code which} accepts; null where there are none. */
    private static Path newest(Path committed, Predicate<Run> which) throws IOException {
        Path first = null;
        Path paired = null;
        for (Path d : runs(committed)) {
            Run run = RunFile.read(d);
            if (Headline.defaultSweep(run) && which.test(run)) {
                int pooled = Pool.of(committed, run).runs().size();
                if (pooled >= Pool.MIN_RUNS) {
                    return d;
                }
                paired = paired == null && pooled > 1 ? d : paired;
                first = first == null ? d : first;
            }
        }
        return paired != null ? paired : first;
    }
}
