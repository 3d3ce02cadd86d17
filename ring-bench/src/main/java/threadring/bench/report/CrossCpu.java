package threadring.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import threadring.bench.data.Configuration;
import threadring.bench.data.Probe;
import threadring.bench.data.Run;
import threadring.bench.stats.Stats;
import threadring.core.RingFactories;
import threadring.core.RingFactory;

/**
 * The machine under the rows: which rows hand off across cpus (several carriers, threads or
 * workers on a configuration of two cpus or more), and the probe {@code floor/cross-cpu} they move
 * with, measured at the start and the end of the run. On a shared VM a cross-CPU handoff can cost
 * three times as much an hour later; a one-thread row does not notice.
 */
public final class CrossCpu {

    static final String ACROSS = "across cpus";

    private CrossCpu() {}

    /** "one cpu", "one thread" or "across cpus": where an id's handoffs go in a configuration. */
    static String carriers(String id, Configuration c) {
        if (c.jvm().availableProcessors() < 2) {
            return "one cpu";
        }
        return oneThread().getOrDefault(id, false) ? "one thread" : ACROSS;
    }

    private static Map<String, Boolean> oneThread;

    /** Whether each id runs on one thread, from its factory (loaded once). */
    private static synchronized Map<String, Boolean> oneThread() {
        if (oneThread == null) {
            oneThread = RingFactories.load().all().stream().collect(Collectors.toMap(RingFactory::id,
                    RingFactory::oneThread));
        }
        return oneThread;
    }

    public static boolean across(String id, Configuration c) {
        return carriers(id, c).equals(ACROSS);
    }

    /** The configuration's probes, in the order they ran. */
    static List<Probe> of(Run run, String label) {
        return run.probes().stream().filter(p -> p.configuration().equals(label)).toList();
    }

    /** Every probe of a configuration in one summary: the machine's cross-CPU handoff over the run. */
    public static Optional<Stats.Summary> pooled(Run run, String label) {
        List<List<Double>> forks = of(run, label).stream().flatMap(p -> p.nsPerHandoff().stream()).toList();
        return forks.isEmpty() ? Optional.empty() : Optional.of(Stats.summarize(forks));
    }

    /** "floor/cross-cpu, start: 45.2 ns [44.0–46.3]; end: 48.1 [...]; end / start 1.06x [..]", or empty. */
    static Optional<String> note(Run run, String label) {
        List<Probe> probes = of(run, label);
        if (probes.isEmpty()) {
            return Optional.empty();
        }
        String each = probes.stream().map(p -> p.when() + " " + Format.text(p.summary(), Format::ns, Format::interval))
                .collect(Collectors.joining("; "));
        String moved = "";
        Optional<Probe> start = run.probe(label, Probe.START);
        Optional<Probe> end = run.probe(label, Probe.END);
        if (start.isPresent() && end.isPresent()) {
            moved = "; end / start " + Format.ratio(end.get().summary(), start.get().summary());
        }
        return Optional.of("`" + Probe.ID + "`, the machine's cross-CPU handoff (two platform threads spinning on a "
                + "volatile, ns per one-way handoff): " + each + moved + ". Rows marked *" + ACROSS + "* hand off "
                + "between carriers on different cpus and move with it; *one thread* rows do not");
    }

    /** A configuration's probes as rows of a table of {@code columns} columns (id, then the value's three). */
    static List<Doc.Row> rows(Run run, String label, int columns, int median) {
        List<Doc.Row> rows = new ArrayList<>();
        for (Probe p : of(run, label)) {
            Stats.Summary s = p.summary();
            List<Doc.Cell> cells = new ArrayList<>();
            for (int i = 0; i < columns; i++) {
                cells.add(Doc.Cell.of(""));
            }
            cells.set(0, Doc.Cell.of(Probe.ID + " (" + p.when() + ")"));
            cells.set(median, Format.median(s, Format::ns));
            cells.set(median + 1, Format.range(s, Format::interval));
            cells.set(median + 2, Doc.Cell.of(s.forkMedians().stream().map(Format::ns)
                    .collect(Collectors.joining(", "))));
            cells.set(columns - 1, Doc.Cell.of("machine probe"));
            rows.add(new Doc.Row(cells, Map.of("model", "floor")));
        }
        return rows;
    }
}
