package threadring.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import threadring.bench.counters.Counters;
import threadring.bench.counters.StealProbe;
import threadring.bench.data.Configuration;
import threadring.bench.data.Probe;
import threadring.bench.data.Run;
import threadring.bench.stats.Stats;

/**
 * The machine under the rows: which rows hand off across cpus (several carriers, threads or
 * workers on a configuration of two cpus or more), and the probe {@code floor/cross-cpu} they move
 * with, measured at the start and the end of the run. On a shared VM a cross-CPU handoff can cost
 * three times as much an hour later; a one-thread row does not notice.
 */
public final class CrossCpu {

    private CrossCpu() {}

    /** The configuration's probes of kind {@code id}, in the order they ran. */
    public static List<Probe> of(Run run, String label, String id) {
        return run.probes().stream().filter(p -> p.configuration().equals(label) && p.id().equals(id)).toList();
    }

    /** The configuration's probes, in the order they ran. */
    static List<Probe> of(Run run, String label) {
        return run.probes().stream().filter(p -> p.configuration().equals(label)).toList();
    }

    /** Every probe {@code id} of a configuration in one summary: the machine over the run. */
    public static Optional<Stats.Summary> pooled(Run run, String label, String id) {
        List<List<Double>> forks = of(run, label, id).stream().flatMap(p -> p.values().stream()).toList();
        return forks.isEmpty() ? Optional.empty() : Optional.of(Stats.summarize(forks));
    }

    /** The cross-CPU handoff over the run. */
    public static Optional<Stats.Summary> pooled(Run run, String label) {
        return pooled(run, label, Probe.CROSS_CPU);
    }

    /** "start: 45.2 ns [44.0–46.3]; middle ...; end / start 1.06x [..]" of one probe, or empty. */
    private static Optional<String> each(Run run, String label, String id) {
        List<Probe> probes = of(run, label, id);
        if (probes.isEmpty()) {
            return Optional.empty();
        }
        String each = probes.stream().map(p -> p.when() + " " + Format.text(p.summary(), Format::ns, Format::interval))
                .collect(Collectors.joining("; "));
        Optional<Probe> start = run.probe(label, id, Probe.START);
        Optional<Probe> end = run.probe(label, id, Probe.END);
        return Optional.of(each + (start.isPresent() && end.isPresent() ? "; end / start "
                + Format.ratio(end.get().summary(), start.get().summary()) : ""));
    }

    /** What the machine probes say of a configuration, or empty if it has none. */
    static Optional<String> note(Run run, String label) {
        Optional<String> speed = each(run, label, Probe.SPEED);
        Optional<String> cross = each(run, label, Probe.CROSS_CPU);
        if (speed.isEmpty() && cross.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(speed.map(s -> "`" + Probe.SPEED + "`, the machine's single-thread speed (one thread "
                + "walking a ring in an int[], ns per hop): " + s + "; every row moves with it. ").orElse("")
                + cross.map(c -> "`" + Probe.CROSS_CPU + "`, the machine's cross-CPU handoff (two platform threads "
                + "spinning on a volatile, ns per one-way handoff): " + c + ". Rows marked *" + Carriers.ACROSS + "* hand off "
                + "between carriers on different cpus and move with it; *one thread* rows do not").orElse(""));
    }

    /**
     * The hypervisor's steal time over the scored iterations of some rows (the 8th number of
     * /proc/stat's cpu line, read at each iteration's start and end): its share of the
     * configuration's cpu time in all, and in the worst iteration; empty where it was not read.
     */
    static Optional<String> steal(List<Series.Row> rows, Configuration c) {
        double steal = 0;
        double cpuTime = 0;
        double worst = 0;
        int cpus = Math.max(1, c.jvm().availableProcessors());
        for (Series.Row r : rows) {
            for (var f : r.measured().passes().map(p -> p.forks()).orElse(List.of())) {
                for (var it : f.measured()) {
                    Double stolen = it.counter(StealProbe.STEAL_MS);
                    Double wall = it.counter(Counters.WALL_MS);
                    if (stolen != null && wall != null && wall > 0) {
                        steal += stolen;
                        cpuTime += wall * cpus;
                        worst = Math.max(worst, stolen / (wall * cpus));
                    }
                }
            }
        }
        if (cpuTime == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "steal time (the hypervisor running another guest "
                + "on these cpus, from /proc/stat over each scored iteration): %.2f%% of the cpus' time in all, "
                + "%.1f%% in the worst iteration", 100 * steal / cpuTime, 100 * worst));
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
            cells.set(0, Doc.Cell.of(p.id() + " (" + p.when() + ")"));
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
