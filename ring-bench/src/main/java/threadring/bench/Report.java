package threadring.bench;

import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Shape;
import threadring.core.Workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import threadring.bench.RunFile.Configuration;
import threadring.bench.RunFile.Job;
import threadring.bench.RunFile.Measured;
import threadring.bench.RunFile.Profile;
import threadring.bench.RunFile.Run;
import threadring.bench.RunFile.Status;
import threadring.core.WorkloadBenchmark;
import threadring.core.Rings;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Turns a run's run.json into report.md and its chart: the environment, how to read the
 * statistics, then per JDK and cpu set each id's median ns per hop with its interval over forks,
 * the fork medians, a stability flag and the speed-up over {@code threads/park} with its interval;
 * under it what failed, and the profiling pass's data, labelled as such. Published figures last.
 */
final class Report {

    static final String BASELINE = "threads/park";
    static final String FILE = "report.md";

    private Report() {}

    /** One measured id of one configuration, with its statistics (ns per hop or per exchanged value). */
    record Row(String configuration, Measured measured, Stats.Summary summary) {
        String id() {
            return measured.id();
        }

        /** Hops per pass, or values per exchange. */
        int steps() {
            return measured.score().steps();
        }

        String model() {
            return id().substring(0, id().indexOf('/'));
        }
    }

    /**
     * One configuration (JDK and cpu set) in one series of a workload: a ring shape, the
     * rendezvous, or a fan-out size: a table of its own, a series in a chart.
     */
    record Series(Configuration config, Workload workload, Shape shape, RunFile.FanOutSize fanOut,
            Integer connections) {
        Series(Configuration config, Workload workload, Shape shape) {
            this(config, workload, shape, null, null);
        }

        Series(Configuration config, Workload workload, Shape shape, RunFile.FanOutSize fanOut) {
            this(config, workload, shape, fanOut, null);
        }

        /** Whether this series' job is {@code j}'s: same workload and, per workload, same size. */
        boolean of(Job j) {
            return j.configuration().equals(label()) && j.workload() == workload
                    && java.util.Objects.equals(j.shape(), shape) && java.util.Objects.equals(j.fanOut(), fanOut)
                    && (workload != Workload.ECHO || java.util.Objects.equals(j.connections(), connections));
        }

        String label() {
            return config.label();
        }

        boolean ring() {
            return workload == Workload.RING;
        }

        /** "jdk25-cpusall", then the workload if the run has two, and the ring parameters it varies. */
        String name(Run run) {
            switch (workload) {
                case RENDEZVOUS:
                    return config.label() + ", rendezvous";
                case FANOUT:
                    return config.label() + ", fanout " + fanOut;
                case ECHO:
                    return config.label() + ", echo connections=" + connections;
                default:
                    break;
            }
            List<Parameter> varied = varied(run);
            String ringName = run.jobs().stream().anyMatch(j -> j.workload() != Workload.RING)
                    ? config.label() + ", ring" : config.label();
            return varied.isEmpty() ? ringName : ringName + ", " + varied.stream()
                    .map(p -> p.option + "=" + p.format(p.of(shape))).collect(Collectors.joining(" "));
        }
    }

    /** Series in the order of their shapes' parameters. */
    static final Comparator<Shape> SHAPES = Comparator.comparingInt(Shape::nodes).thenComparingInt(Shape::tokens)
            .thenComparingInt(Shape::depth).thenComparingInt(Shape::work);

    static final Comparator<RunFile.FanOutSize> FANOUTS = Comparator.comparingInt(RunFile.FanOutSize::tasks)
            .thenComparingInt(RunFile.FanOutSize::delayMs).thenComparingInt(RunFile.FanOutSize::work);

    /**
     * Every configuration on every ring shape it has a job for, then in the rendezvous if it ran
     * it, then in each fan-out size, then the echo server at each connection count.
     */
    static List<Series> series(Run run) {
        List<Series> series = new ArrayList<>();
        for (Configuration c : run.configurations()) {
            ringJobs(run.jobs(c.label())).map(Job::shape).distinct().sorted(SHAPES)
                    .forEach(shape -> series.add(new Series(c, Workload.RING, shape)));
        }
        for (Configuration c : run.configurations()) {
            if (run.jobs(c.label()).stream().anyMatch(j -> j.workload() == Workload.RENDEZVOUS)) {
                series.add(new Series(c, Workload.RENDEZVOUS, null));
            }
        }
        for (Configuration c : run.configurations()) {
            run.jobs(c.label()).stream().filter(j -> j.workload() == Workload.FANOUT).map(Job::fanOut).distinct()
                    .sorted(FANOUTS).forEach(size -> series.add(new Series(c, Workload.FANOUT, null, size)));
        }
        for (Configuration c : run.configurations()) {
            run.jobs(c.label()).stream().filter(j -> j.workload() == Workload.ECHO).map(Job::connections).distinct()
                    .sorted().forEach(n -> series.add(new Series(c, Workload.ECHO, null, null, n)));
        }
        return series;
    }

    /** The series of the handoff workloads (ring and rendezvous), whose rows are ns per step. */
    static List<Series> stepSeries(Run run) {
        return series(run).stream().filter(x -> x.workload() == Workload.RING || x.workload() == Workload.RENDEZVOUS)
                .toList();
    }

    /** The echo server's series, one per configuration and connection count. */
    static List<Series> echoSeries(Run run) {
        return series(run).stream().filter(x -> x.workload() == Workload.ECHO).toList();
    }

    /** The ring's series only: what the ring parameters, floors and published figures are about. */
    static List<Series> ringSeries(Run run) {
        return series(run).stream().filter(Series::ring).toList();
    }

    private static java.util.stream.Stream<Job> ringJobs(List<Job> jobs) {
        return jobs.stream().filter(j -> j.workload() == Workload.RING);
    }

    /** The ring parameters that take more than one value in the run. */
    static List<Parameter> varied(Run run) {
        return java.util.Arrays.stream(Parameter.values())
                .filter(p -> ringJobs(run.jobs()).map(j -> p.of(j.shape())).distinct().count() > 1).toList();
    }

    /**
     * The measured ids of a series, fastest first; an echo server's summary is its time per
     * request (1 / requests per second), so that every row reads the same way: lower is faster.
     */
    static List<Row> rows(Run run, Series s) {
        if (s.workload() == Workload.ECHO) {
            return run.jobs(s.label()).stream().filter(s::of).flatMap(j -> j.results().stream())
                    .filter(m -> m.echo() != null && m.echo().nsPerRequest() != null)
                    .map(m -> new Row(s.label(), m, m.echo().nsPerRequest()))
                    .sorted(Comparator.comparingDouble(r -> r.summary().median())).toList();
        }
        return run.measured(s.label(), s.workload(), s.shape(), s.fanOut()).stream()
                .map(m -> new Row(s.label(), m, m.score().summary()))
                .sorted(Comparator.comparingDouble(r -> r.summary().median())).toList();
    }

    /** Every measured id, fastest first in the first series that has it. */
    static List<String> ids(Run run) {
        List<String> ids = new ArrayList<>();
        for (Series s : series(run)) {
            rows(run, s).stream().map(Row::id).filter(id -> !ids.contains(id)).forEach(ids::add);
        }
        return ids;
    }

    /** Writes chart.png, chart.svg, report.md, report.html and jmh-result.json; returns report.md. */
    static Path write(Path runDir) throws IOException {
        Run run = RunFile.read(runDir);
        JmhResults.merge(runDir);
        Chart.Outcome chart = Chart.write(runDir, run);
        varied(run).forEach(p -> Chart.writeParameter(runDir, run, p));
        Doc doc = document(run, History.load(), chart);
        writeAtomically(runDir.resolve(HTML), HtmlPage.render(doc, runDir));
        Path file = runDir.resolve(FILE);
        writeAtomically(file, doc.markdown());
        return file;
    }

    static final String HTML = "report.html";

    /** Writes through a temporary file and a rename, so a reader never sees half a file. */
    static void writeAtomically(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** report.md's text. */
    static String render(Run run, History history, Chart.Outcome chart) {
        return document(run, history, chart).markdown();
    }

    /** The whole report as typed blocks: what report.md and report.html both show. */
    static Doc document(Run run, History history, Chart.Outcome chart) {
        Doc doc = new Doc("threadring run " + run.runId());
        if (run.state() != RunFile.State.COMPLETE) {
            doc.paragraph("**Incomplete run (" + run.state().toString().toLowerCase(Locale.ROOT)
                    + ")**: only what finished is shown; `results/latest` was not moved to it.");
        }
        environment(run, doc);
        if (chart.png() != null) {
            doc.add(new Doc.Image("ns per hop: median and 95% interval over forks, log scale", chart.png(), chart.svg()));
        } else if (!stepSeries(run).isEmpty()) {
            doc.paragraph("Chart: not drawn (" + chart.problem() + ").");
        }
        method(doc);
        floors(run, doc);
        rendezvous(run, doc);
        for (Parameter p : varied(run)) {
            parameter(run, p, doc);
        }
        fanOutSummary(run, doc);
        if (stepSeries(run).size() > 1) {
            allSeries(run, doc);
        }
        EchoReport.summary(run, doc);
        for (Series s : series(run)) {
            if (s.workload() == Workload.FANOUT) {
                fanOut(run, s, doc);
            } else if (s.workload() == Workload.ECHO) {
                EchoReport.series(run, s, doc);
            } else {
                series(run, history, s, doc);
            }
        }
        published(run, history, doc);
        return doc;
    }

    /** Tags of a row for the page's filters. */
    static Map<String, String> tags(String id, Workload workload) {
        return Map.of("model", id.substring(0, id.indexOf('/')), "workload", workload.label());
    }

    static Doc.Column text(String name) {
        return new Doc.Column(name, false);
    }

    static Doc.Column number(String name) {
        return new Doc.Column(name, true);
    }

    /** A median and interval, "95.0 [83.3–108.2]", marked unstable, sorted by the median. */
    private static Doc.Cell value(Stats.Summary s, boolean perOperation) {
        String text = perOperation ? ms(s.median()) + " [" + msInterval(s.interval()) + "]"
                : ns(s.median()) + " [" + interval(s.interval()) + "]";
        return new Doc.Cell(text + (s.isUnstable() ? " unstable" : ""), s.median(), s.isUnstable());
    }

    static Doc.Cell ratioCell(Stats.Ratio r) {
        return Doc.Cell.number(ratio(r), r.value());
    }

    private static void environment(Run run, Doc doc) {
        Env.Machine m = run.machine();
        RunFile.Settings s = run.settings();
        doc.heading(2, "Environment");
        List<String> items = new ArrayList<>();
        java.util.Set<String> hosts = Merge.hosts(run);
        if (hosts.size() > 1) {
            items.add("hosts: " + hosts.size() + ", each its own configurations (labelled with its name), so that no "
                    + "interval or speed-up mixes two machines; compare hosts by their speed-ups over their own "
                    + BASELINE + ", not by absolute times");
            run.configurations().stream().map(run::host).distinct().forEach(h -> items.add("host " + h.host() + ": "
                    + machine(h)));
        } else {
            items.add("machine: " + (m.hostname() != null ? m.hostname() + ", " : "") + machine(m));
        }
        if (run.shard() != null) {
            items.add("shard " + run.shard().index() + "/" + run.shard().count() + " of plan " + run.shard().plan() + ": "
                    + run.shard().items().size() + " of its " + run.shard().planItems() + " items ('merge' joins the "
                    + "shards)");
        }
        if (run.mergedFrom() != null) {
            items.add("merged from " + run.mergedFrom().stream().map(x -> x.runId() + (x.shard() == null ? ""
                    : " (shard " + x.shard().index() + "/" + x.shard().count() + ")") + " on " + x.host())
                    .collect(Collectors.joining(", ")) + (run.partial() == null || run.partial().isEmpty() ? ""
                            : "; **partial**: " + String.join(", ", run.partial())));
        }
        items.add("commit: " + (m.gitCommit() == null ? "unknown" : m.gitCommit())
                + (Boolean.TRUE.equals(m.gitDirty()) ? " (with uncommitted changes)" : ""));
        double minutes = run.minutes();
        items.add("started " + run.started() + ", " + (Double.isNaN(minutes) ? "not finished"
                : String.format(Locale.ROOT, "took %.1f minutes", minutes)));
        List<String> workloads = new ArrayList<>(ringSeries(run).stream().map(x -> "ring " + x.shape()).distinct()
                .toList());
        if (!workloads.isEmpty()) {
            workloads.set(workloads.size() - 1, workloads.get(workloads.size() - 1) + ", hops per pass: "
                    + (s.hops() == null ? "each id's own, calibrated to about " + s.passMs() + " ms (column hops)"
                            : String.valueOf(s.hops())));
        }
        if (series(run).stream().anyMatch(x -> x.workload() == Workload.RENDEZVOUS)) {
            workloads.add("rendezvous, values per exchange: " + (s.values() == null
                    ? "each id's own, calibrated to about " + s.passMs() + " ms (column values)" : String.valueOf(s.values())));
        }
        series(run).stream().filter(x -> x.workload() == Workload.FANOUT).map(x -> "fanout " + x.fanOut()).distinct()
                .forEach(workloads::add);
        echoSeries(run).stream().map(x -> "echo connections=" + x.connections()).distinct().forEach(workloads::add);
        items.add("workload: " + String.join("; ", workloads)
                + (s.quick() ? " (**--quick**: a smoke run, not for quoting)" : ""));
        items.add("ids: " + (!s.includes().isEmpty() ? "matching " + s.includes().stream().map(Report::code)
                .collect(Collectors.joining(", ")) : s.all() ? "every id (--all)" : "each workload's default selection"));
        items.add("scored passes: " + shape(s.forks(), s.warmups(), s.iterations(), s.iterationMs())
                + " per id, no profiler" + (s.longRun() ? " (**--long**: the reference run)" : ""));
        if (s.profilers().isEmpty()) {
            items.add("profiling pass: none");
        } else {
            RunFile.Profiling p = s.profiling();
            items.add("profiling pass: " + String.join(", ", s.profilers()) + " in separate JVMs, "
                    + shape(p.forks(), p.warmups(), p.iterations(), p.iterationMs()) + " per id; used for no score");
        }
        if (run.asyncProfiler() != null && !run.asyncProfiler().problems().isEmpty()) {
            items.add("async-profiler unavailable: " + run.asyncProfiler().problems());
        }
        doc.bullets(items);
        List<Doc.Row> rows = new ArrayList<>();
        for (Configuration c : run.configurations()) {
            rows.add(new Doc.Row(List.of(Doc.Cell.of(c.label()), Doc.Cell.of(c.jvm().javaVersion() + " ("
                    + c.jvm().javaVendor() + ", " + c.jvm().vmName() + ")"),
                    Doc.Cell.of(c.cpus() == null ? "unpinned" : "taskset -c " + c.cpus()),
                    Doc.Cell.number(String.valueOf(c.jvm().availableProcessors()), c.jvm().availableProcessors()),
                    Doc.Cell.of(flags(run, c.label()))), Map.of()));
        }
        doc.add(new Doc.Table("configurations", List.of(text("configuration"), text("JDK"), text("cpus"),
                number("availableProcessors"), text("JVM flags of the JMH forks")), rows));
    }

    /**
     * "3 forks x (4 warm-up + 5 measured iterations of 1 s)"; null parts are WorkloadBenchmark's
     * annotations. Runs written before iterations were timed ran one pass per iteration.
     */
    /** A machine in one line: cpu, cores, memory, OS and kernel. */
    static String machine(Env.Machine m) {
        return m.cpuModel() + ", online cpus " + m.onlineCpus() + (m.memoryBytes() == null ? ""
                : String.format(Locale.ROOT, ", %.1f GiB", m.memoryBytes() / (double) (1L << 30))) + ", " + m.os() + " "
                + m.kernel();
    }

    static String shape(Integer forks, Integer warmups, Integer iterations, Integer iterationMs) {
        int f = forks != null ? forks : WorkloadBenchmark.class.getAnnotation(Fork.class).value();
        Warmup warm = WorkloadBenchmark.class.getAnnotation(Warmup.class);
        Measurement measure = WorkloadBenchmark.class.getAnnotation(Measurement.class);
        int w = warmups != null ? warmups : warm.iterations();
        int i = iterations != null ? iterations : measure.iterations();
        long ms = iterationMs != null ? iterationMs : measure.timeUnit().toMillis(measure.time());
        String what = ms <= LONG_ITERATION_MS ? " passes, one per iteration"
                : " iterations of " + (ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms");
        return f + (f == 1 ? " fork" : " forks") + " x (" + w + " warm-up + " + i + " measured" + what + ")";
    }

    /** Iterations this short hold one pass each (JMH ends an iteration after a pass once its time is up). */
    private static final int LONG_ITERATION_MS = RunCommand.LONG_ITERATION_MS;

    /** Passes per measured iteration (median over forks and iterations), or n/a for older runs. */
    static String passesPerIteration(Measured m) {
        List<RunFile.ForkLog> log = m.score().forkLog();
        if (log == null || log.isEmpty()) {
            return "n/a";
        }
        double[] passes = log.stream().flatMap(f -> f.measuredPasses().stream()).mapToDouble(Long::doubleValue)
                .toArray();
        return String.format(Locale.ROOT, "%,.0f", new org.apache.commons.math3.stat.descriptive.rank.Median()
                .evaluate(passes));
    }

    /** Each fork's warm-up: its length in seconds and passes (median over forks), or n/a for older runs. */
    static String warmup(Measured m) {
        List<RunFile.ForkLog> log = m.score().forkLog();
        if (log == null || log.isEmpty()) {
            return "n/a";
        }
        org.apache.commons.math3.stat.descriptive.rank.Median median = new org.apache.commons.math3.stat.descriptive.rank.Median();
        double seconds = median.evaluate(log.stream().mapToDouble(f -> f.warmupMs() / 1000).toArray());
        double passes = median.evaluate(log.stream().mapToDouble(RunFile.ForkLog::warmupPasses).toArray());
        return String.format(Locale.ROOT, "%.1f s, %,.0f", seconds, passes);
    }

    private static void method(Doc doc) {
        doc.heading(2, "How to read it");
        doc.paragraph("**Steady state by time.** One JMH operation is one *pass*: `hops` verified hops around the "
                + "ring, `values` verified exchanges of the rendezvous, or one fan-out of `tasks` tasks (a wrong "
                + "answer fails the id). Each id's pass size is calibrated, in a JVM of its own before its forks, so "
                + "that a pass lasts about half a second on this machine: long against a pass's own start and end "
                + "(up to a millisecond), whatever the machine's speed. JMH repeats passes for whole iterations of "
                + "fixed length (average time per pass, JMH's `avgt`). Each fork first warms up for its warm-up "
                + "iterations (the *warm-up per fork* column: the seconds and passes it actually ran), then "
                + "measures. Why: with one short warm-up pass, forks were still compiling when measured (an "
                + "Exchanger rendezvous once read 240 ns per exchange against 76-78 in long runs and in jox's own "
                + "JMH benchmark); `benchmark.sh --long` (10^7 per pass, " + RunCommand.LONG_PASSES + " warm-up "
                + "passes) is the reference the default must agree with (`compare`).");
        doc.paragraph("**Statistics.** Iterations inside one JVM agree far better than JVMs do with each other, so "
                + "the **fork** is the unit of repetition: *fork medians* are each JVM's median iteration (ns per "
                + "hop or exchange, ms per fan-out), and the **95% interval** is Student's t over the logarithms of "
                + "the fork medians (k-1 degrees of freedom; the between-fork spread is in it; Georges et al. 2007, "
                + "commons-math3). *median* is the median of all measured iterations, *min* and *max* their "
                + "extremes. A row is **unstable** when its fork medians are more than " + pct(Stats.UNSTABLE_SPREAD)
                + " apart, when its iterations still fall or rise by more than " + pct(1 + Stats.DRIFT)
                + " from a fork's first to its last with a trend beyond their noise (*not steady*; least "
                + "squares over the forks, p < " + Stats.DRIFT_P + "), or when forks differ beyond their own "
                + "iterations' noise (one-way ANOVA over forks of log iteration times, p < " + Stats.UNSTABLE_P
                + "); its interval stands on too few JVMs to trust. **Speed-ups** are ratios of medians; their "
                + "95% intervals come from Welch's t on the log fork medians. *vs next*: the next slower row's "
                + "median over this one's; an ordering holds only where it says *separated* (its interval "
                + "excludes 1). With one fork there is no interval (n/a). Absolute times drift between runs on a "
                + "shared machine: compare ratios within one run.");
    }

    private static String pct(double factor) {
        return String.format(Locale.ROOT, "%.0f%%", (factor - 1) * 100);
    }

    /** The JVM flags every result of a configuration shares, then "+ per id" for the others. */
    private static String flags(Run run, String label) {
        List<Measured> measured = run.measured(label);
        if (measured.isEmpty()) {
            return "n/a";
        }
        Set<String> common = new LinkedHashSet<>(measured.get(0).score().jvmArgs());
        measured.forEach(m -> common.retainAll(m.score().jvmArgs()));
        Set<String> other = new LinkedHashSet<>();
        measured.forEach(m -> m.score().jvmArgs().stream().filter(a -> !common.contains(a)).forEach(other::add));
        String text = common.isEmpty() ? "(none)" : common.stream().map(Report::code).collect(Collectors.joining(" "));
        if (!other.isEmpty()) {
            text += "; some ids also: " + other.stream().map(Report::code).collect(Collectors.joining(" "));
        }
        return text;
    }

    static String stability(Stats.Summary s) {
        return s.isUnstable() ? "**unstable**: " + s.unstable() : s.forks() < 2 ? "n/a" : "ok";
    }

    private static void series(Run run, History history, Series series, Doc doc) {
        Configuration c = series.config();
        doc.heading(2, series.name(run));
        doc.paragraph("JDK " + c.jvm().javaVersion() + " (" + c.jvm().javaVendor() + "), cpus "
                + (c.cpus() == null ? "unpinned" : "pinned with taskset -c " + c.cpus()) + ", availableProcessors="
                + c.jvm().availableProcessors());
        List<Row> rows = rows(run, series);
        Optional<Row> base = rows.stream().filter(r -> r.id().equals(BASELINE)).findFirst();
        List<String> notes = new ArrayList<>();
        if (!rows.isEmpty()) {
            List<Doc.Row> table = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                Row r = rows.get(i);
                Stats.Summary s = r.summary();
                table.add(new Doc.Row(List.of(Doc.Cell.of(r.id()),
                        Doc.Cell.number(String.format(Locale.ROOT, "%,d", r.steps()), r.steps()),
                        Doc.Cell.of(s.forks() + " x " + s.samples() / s.forks()),
                        Doc.Cell.of(passesPerIteration(r.measured())), Doc.Cell.of(warmup(r.measured())),
                        new Doc.Cell(ns(s.median()), s.median(), s.isUnstable()),
                        Doc.Cell.number(interval(s.interval()), s.interval() == null ? Double.NaN : s.interval().low()),
                        Doc.Cell.of(s.forkMedians().stream().map(Report::ns).collect(Collectors.joining(", "))),
                        Doc.Cell.number(ns(s.min()), s.min()), Doc.Cell.number(ns(s.max()), s.max()),
                        Doc.Cell.of(stability(s)),
                        Doc.Cell.of(i + 1 < rows.size() ? versus(rows.get(i + 1), r) : ""),
                        r.id().equals(BASELINE) ? Doc.Cell.number("1 (baseline)", 1)
                                : base.map(b -> ratioCell(Stats.ratio(b.summary(), s))).orElse(Doc.Cell.of("n/a")),
                        Doc.Cell.of(study2014(history, r.id()))), tags(r.id(), series.workload())));
            }
            doc.add(new Doc.Table(series.workload().label(), List.of(text("id"),
                    number(series.ring() ? "hops per pass" : "values per pass"), number("forks x iterations"),
                    number("passes per iteration"), number("warm-up per fork (s, passes)"),
                    number("median ns/" + series.workload().unit()), number("95% interval"), text("fork medians"),
                    number("min"), number("max"), text("stability"), text("vs next"),
                    number("speed-up vs " + BASELINE + " [95%]"), number("2014")), table));
            if (base.isEmpty()) {
                notes.add("speed-ups: n/a, " + BASELINE + " was not measured in this configuration");
            }
            if (rows.stream().anyMatch(r -> history.oneThreadOf(History.STUDY_2014, r.id()).isPresent())) {
                notes.add("2014: the study's speed-up over its threads row for the same model and setup (its "
                        + "libraries' default multi-thread scheduler or dispatcher); in parentheses on one-thread "
                        + "variants of that model, which the study did not run");
            }
        } else {
            doc.paragraph("No id was measured in this configuration.");
        }
        notes.addAll(problems(run, series));
        doc.bullets(notes);
        profiles(run, series, rows, doc);
    }

    static String versus(Row slower, Row r) {
        Stats.Ratio x = Stats.ratio(slower.summary(), r.summary());
        return String.format(Locale.ROOT, "%.2fx", x.value())
                + (x.interval() == null ? "" : x.separates() ? ", separated" : ", overlaps");
    }

    private static String study2014(History history, String id) {
        Optional<History.Entry> same = history.sameSetup(History.STUDY_2014, id);
        if (same.isPresent()) {
            return times(history.speedUp(same.get()));
        }
        return history.oneThreadOf(History.STUDY_2014, id).map(e -> "(" + times(history.speedUp(e)) + ")").orElse("");
    }

    /** Ids the sweep planned in this series that have no score, and skipped or interrupted jobs. */
    static List<String> problems(Run run, Series series) {
        List<String> problems = new ArrayList<>();
        for (Job j : run.jobs(series.label()).stream().filter(series::of).toList()) {
            if (j.status() == Status.SKIPPED) {
                problems.add("skipped " + j.ids() + ": " + j.reason());
                continue;
            }
            for (Map.Entry<String, String> f : j.failures().entrySet()) {
                String what = j.status() == Status.INTERRUPTED || j.status() == Status.RUNNING
                        ? "not measured (" + (j.status() == Status.RUNNING ? "still running" : "interrupted") + ")"
                        : "**failed**";
                problems.add(what + " " + f.getKey() + ": " + code(f.getValue()));
            }
        }
        return problems;
    }

    private static void profiles(Run run, Series series, List<Row> rows, Doc doc) {
        List<Row> profiled = rows.stream().filter(r -> r.measured().profile() != null).toList();
        if (profiled.isEmpty()) {
            return;
        }
        RunFile.Profiling p = run.settings().profiling();
        doc.heading(3, "Profiling pass: " + series.name(run));
        doc.paragraph("Separate JVMs after each id's scored passes, " + shape(p.forks(), p.warmups(), p.iterations(),
                p.iterationMs()) + ", with " + String.join(", ", run.settings().profilers()) + ". No score above comes "
                + "from these passes. *profiled / scored* is their median pass time over the scored median: what "
                + "the profilers cost, plus the usual spread between JVMs (a ratio inside the row's fork spread above "
                + "shows no cost). Hot methods are the top frames of JFR's execution samples (threads in Java code; a "
                + "thread blocked in the kernel is not sampled), with the number of samples.");
        boolean perOperation = series.workload() == Workload.FANOUT;
        List<Doc.Row> table = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Row r : profiled) {
            Profile pr = r.measured().profile();
            double scoredMs = r.summary().median() * r.steps() / 1e6;
            double profiledMs = pr.msPerPass().isEmpty() ? Double.NaN
                    : new org.apache.commons.math3.stat.descriptive.rank.Median()
                            .evaluate(pr.msPerPass().stream().mapToDouble(Double::doubleValue).toArray());
            String hot = pr.hotMethods().isEmpty() ? "n/a" : pr.hotMethods().stream()
                    .map(h -> code(h.method()) + String.format(Locale.ROOT, " %.1f%%", h.percent()))
                    .collect(Collectors.joining("<br>")) + "<br>(" + pr.executionSamples() + " samples)";
            double bytes = pr.allocBytesPerOp() == null ? Double.NaN : pr.allocBytesPerOp() / r.steps();
            double gcShare = pr.gcMsPerPass() == null ? Double.NaN : 100 * pr.gcMsPerPass() / profiledMs;
            table.add(new Doc.Row(List.of(Doc.Cell.of(r.id()),
                    Doc.Cell.number(String.format(Locale.ROOT, "%.2f", profiledMs / scoredMs), profiledMs / scoredMs),
                    Doc.Cell.number(pr.allocBytesPerOp() == null ? "n/a" : bytes(bytes), bytes),
                    Doc.Cell.number(pr.gcMsPerPass() == null ? "n/a" : String.format(Locale.ROOT, "%,.1f (%.0f%%)",
                            pr.gcMsPerPass(), gcShare), gcShare),
                    Doc.Cell.of(hot), Doc.Cell.of(pr.files().isEmpty() ? "" : links(pr.files()))),
                    tags(r.id(), series.workload())));
            if (pr.problem() != null) {
                problems.add(r.id() + ": " + pr.problem());
            }
        }
        doc.add(new Doc.Table("profile", List.of(text("id"), number("profiled / scored"),
                number(perOperation ? "B/operation" : "B/step"), number(perOperation ? "GC ms/operation (share)"
                        : "GC ms/pass (share)"), text("hot methods (JFR execution samples, top frames)"),
                text("files")), table));
        doc.bullets(problems);
    }

    /**
     * Per model and series, its fastest row against its nearest floor row ({@code RingFactory.floor})
     * measured in the same series: what the model's scheduler and library add to a hop.
     */
    private static void floors(Run run, Doc doc) {
        Map<String, String> floorOf = new java.util.HashMap<>();
        RingFactories.load().all().forEach(f -> floorOf.put(f.id(), f.floor()));
        List<Doc.Row> table = new ArrayList<>();
        for (Series s : ringSeries(run)) {
            List<Row> rows = rows(run, s);
            Map<String, Row> fastest = new java.util.LinkedHashMap<>();
            rows.stream().filter(r -> !r.model().equals(FLOOR_MODEL)).forEach(r -> fastest.putIfAbsent(r.model(), r));
            for (Row r : fastest.values()) {
                String floorId = floorOf.getOrDefault(r.id(), RingFactory.LOOP_FLOOR);
                Optional<Row> floor = rows.stream().filter(x -> x.id().equals(floorId)).findFirst();
                if (floor.isEmpty()) {
                    continue;
                }
                Stats.Summary m = r.summary();
                Stats.Summary f = floor.get().summary();
                table.add(new Doc.Row(List.of(Doc.Cell.of(s.name(run)), Doc.Cell.of(r.model()), Doc.Cell.of(r.id()),
                        value(m, false), Doc.Cell.of(floorId), value(f, false),
                        Doc.Cell.number(ns(m.median() - f.median()), m.median() - f.median()),
                        ratioCell(Stats.ratio(m, f))), tags(r.id(), Workload.RING)));
            }
        }
        if (table.isEmpty()) {
            return;
        }
        doc.heading(2, "Over the floor: what each model adds to a hop");
        doc.paragraph("Each model's fastest row against the floor row nearest to its machinery (`floor/loop`: plain "
                + "code; `floor/loom-continuation`: a bare Loom continuation per node; `floor/kotlin-intrinsics`: "
                + "bare Kotlin coroutines; `floor/kilim-continuation`: bare Kilim fibers), in the same series. The "
                + "difference is the scheduler's and the library's share of a hop; *x floor* is the ratio of "
                + "medians with its 95% interval.");
        doc.add(new Doc.Table("floors", List.of(text("series"), text("model"), text("fastest row"),
                number("ns/hop [95%]"), text("floor"), number("floor ns/hop [95%]"), number("added ns/hop"),
                number("x floor [95%]")), table));
    }

    static final String FLOOR_MODEL = "floor";

    /**
     * Per configuration, each id's rendezvous beside its ring (the first ring series of that
     * configuration, the classic one if it ran): where a trick pays in one workload and not the
     * other, the ratio moves.
     */
    private static void rendezvous(Run run, Doc doc) {
        List<Doc.Row> table = new ArrayList<>();
        for (Series r : series(run).stream().filter(x -> x.workload() == Workload.RENDEZVOUS).toList()) {
            List<Series> rings = ringSeries(run).stream().filter(x -> x.label().equals(r.label())).toList();
            Optional<Series> ring = rings.stream().filter(x -> x.shape().equals(Shape.classic(Rings.DEFAULT_NODES)))
                    .findFirst().or(() -> rings.stream().findFirst());
            List<Row> ringRows = ring.map(x -> rows(run, x)).orElse(List.of());
            for (Row row : rows(run, r)) {
                Stats.Summary e = row.summary();
                Optional<Row> hop = ringRows.stream().filter(x -> x.id().equals(row.id())).findFirst();
                table.add(new Doc.Row(List.of(Doc.Cell.of(r.label()), Doc.Cell.of(row.id()), value(e, false),
                        hop.map(h -> value(h.summary(), false)).orElse(Doc.Cell.of("–")),
                        hop.map(h -> ratioCell(Stats.ratio(e, h.summary()))).orElse(Doc.Cell.of(""))),
                        tags(row.id(), Workload.RENDEZVOUS)));
            }
        }
        if (table.isEmpty()) {
            return;
        }
        doc.heading(2, "Rendezvous beside the ring");
        doc.paragraph("Each id's rendezvous (a sender and a receiver meet once per value; ns per exchanged value) "
                + "beside its ring (ns per hop, the configuration's classic ring if it ran, else its first), fastest "
                + "rendezvous first. *rendezvous / ring* is the ratio of medians with its 95% interval: a primitive "
                + "whose partner is always about to arrive (spinning, Exchanger) gains in the rendezvous and loses "
                + "in the ring, where a node waits N-1 hops for its next token. Ids the run measured in one workload "
                + "only show – in the other.");
        doc.add(new Doc.Table("rendezvous-beside-ring", List.of(text("configuration"), text("id"),
                number("rendezvous ns/exchange [95%]"), number("ring ns/hop [95%]"),
                number("rendezvous / ring [95%]")), table));
    }

    /**
     * How ns/hop changes with one ring parameter: per configuration and combination of the other
     * parameters, one column per value, and the last value's median over the first's with its
     * interval.
     */
    private static void parameter(Run run, Parameter p, Doc doc) {
        doc.heading(2, p.option + ": median ns/hop [95% interval] against " + p.axis);
        doc.paragraph((run.settings().hops() == null ? "Every value runs each id's own hops per pass. " : "")
                + "*last / first*: the change from the first value to the last, with its 95% interval (Welch's t "
                + "on the log fork medians). Chart: [" + p.chartFile() + "](" + p.chartFile() + ").");
        Map<String, List<Series>> groups = new java.util.LinkedHashMap<>();
        for (Series s : ringSeries(run)) {
            groups.computeIfAbsent(s.label() + "|" + p.others(s.shape()), k -> new ArrayList<>()).add(s);
        }
        for (List<Series> group : groups.values()) {
            if (group.size() < 2) {
                continue;
            }
            List<Series> sorted = group.stream().sorted(Comparator.comparingInt(s -> p.of(s.shape()))).toList();
            doc.heading(3, sorted.get(0).label() + ", " + p.others(sorted.get(0).shape()));
            List<Doc.Column> columns = new ArrayList<>(List.of(text("id")));
            sorted.forEach(s -> columns.add(number(p.option + "=" + p.format(p.of(s.shape())))));
            columns.add(number("last / first"));
            List<String> ids = new ArrayList<>();
            sorted.forEach(s -> rows(run, s).stream().map(Row::id).filter(id -> !ids.contains(id)).forEach(ids::add));
            List<Doc.Row> table = new ArrayList<>();
            for (String id : ids) {
                List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(id)));
                List<Optional<Row>> found = sorted.stream()
                        .map(s -> rows(run, s).stream().filter(r -> r.id().equals(id)).findFirst()).toList();
                found.forEach(r -> cells.add(r.map(x -> value(x.summary(), false)).orElse(Doc.Cell.of("–"))));
                Optional<Row> first = found.stream().flatMap(Optional::stream).findFirst();
                Optional<Row> last = found.stream().flatMap(Optional::stream).reduce((x, y) -> y);
                cells.add(first.isPresent() && last.get() != first.get()
                        ? ratioCell(Stats.ratio(last.get().summary(), first.get().summary())) : Doc.Cell.of(""));
                table.add(new Doc.Row(cells, tags(id, Workload.RING)));
            }
            doc.add(new Doc.Table("parameter", columns, table));
        }
    }

    /**
     * What a fan-out cannot beat: every task waits its delay, and the CPU work of all tasks needs
     * {@code tasks * w / cpus} on the configuration's cpus, w being one consumeCPU(work) measured in
     * this run. Empty if the run has no measurement of w (work 0 needs none).
     */
    record Ideal(double ms, double lowMs, double highMs, Stats.Summary perCall, int cpus) {
        static Optional<Ideal> of(Run run, Series s) {
            RunFile.FanOutSize f = s.fanOut();
            int cpus = s.config().jvm().availableProcessors();
            if (f.work() == 0) {
                return Optional.of(new Ideal(f.delayMs(), f.delayMs(), f.delayMs(), null, cpus));
            }
            return run.cpuWork(s.label(), f.work()).map(c -> {
                Stats.Summary w = c.summary();
                double perNs = (double) f.tasks() / cpus / 1e6;
                Stats.Interval i = w.interval() != null ? w.interval() : new Stats.Interval(w.median(), w.median());
                return new Ideal(f.delayMs() + w.median() * perNs, f.delayMs() + i.low() * perNs,
                        f.delayMs() + i.high() * perNs, w, cpus);
            });
        }

        /** A row's median over the ideal, with an interval from both intervals (its ends over the ideal's). */
        String of(Stats.Summary row) {
            double median = row.median() / 1e6;
            String value = times(median / ms);
            if (row.interval() == null) {
                return value;
            }
            return value + " [" + times(row.interval().low() / 1e6 / highMs).replace("x", "") + "–"
                    + times(row.interval().high() / 1e6 / lowMs) + "]";
        }
    }

    /** Milliseconds per operation from a summary in ns per operation. */
    static String ms(double ns) {
        double v = ns / 1e6;
        return !Double.isFinite(v) ? "n/a" : String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%,.0f", v);
    }

    static String msInterval(Stats.Interval i) {
        return i == null ? "n/a" : ms(i.low()) + "–" + ms(i.high());
    }

    /** One fan-out series: ms per operation, its interval, x ideal, stability, and its profiling pass. */
    private static void fanOut(Run run, Series series, Doc doc) {
        Configuration c = series.config();
        RunFile.FanOutSize f = series.fanOut();
        doc.heading(2, series.name(run));
        doc.paragraph("JDK " + c.jvm().javaVersion() + " (" + c.jvm().javaVendor() + "), cpus "
                + (c.cpus() == null ? "unpinned" : "pinned with taskset -c " + c.cpus()) + ", availableProcessors="
                + c.jvm().availableProcessors() + ". One operation: " + String.format(Locale.ROOT, "%,d", f.tasks())
                + " tasks each wait " + f.delayMs() + " ms, run consumeCPU(" + f.work() + ") and complete.");
        Optional<Ideal> ideal = Ideal.of(run, series);
        doc.paragraph(ideal.map(i -> "Ideal: " + String.format(Locale.ROOT, "%.1f", i.ms()) + " ms" + (i.perCall() == null
                ? " (the delay; no work)" : String.format(Locale.ROOT, " = %d ms + %,d x %.0f ns / %d cpus, "
                        + "consumeCPU(%d) measured in this run at %s ns [%s] (CpuWorkBenchmark)", f.delayMs(), f.tasks(),
                        i.perCall().median(), i.cpus(), f.work(), ns(i.perCall().median()),
                        interval(i.perCall().interval())))).orElse("Ideal: unknown (consumeCPU(" + f.work()
                                + ") was not measured in this run)") + ". *x ideal*: the median over the ideal, its "
                + "interval from the row's and the ideal's.");
        List<Row> rows = rows(run, series);
        if (rows.isEmpty()) {
            doc.paragraph("No id was measured in this series.");
        } else {
            List<Doc.Row> table = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                Row r = rows.get(i);
                Stats.Summary s = r.summary();
                table.add(new Doc.Row(List.of(Doc.Cell.of(r.id()), Doc.Cell.of(s.forks() + " x " + s.samples() / s.forks()),
                        Doc.Cell.of(passesPerIteration(r.measured())), Doc.Cell.of(warmup(r.measured())),
                        new Doc.Cell(ms(s.median()), s.median(), s.isUnstable()),
                        Doc.Cell.number(msInterval(s.interval()), s.interval() == null ? Double.NaN : s.interval().low()),
                        Doc.Cell.of(s.forkMedians().stream().map(Report::ms).collect(Collectors.joining(", "))),
                        Doc.Cell.of(stability(s)),
                        ideal.map(x -> Doc.Cell.number(x.of(s), s.median() / 1e6 / x.ms())).orElse(Doc.Cell.of("n/a")),
                        Doc.Cell.of(i + 1 < rows.size() ? versus(rows.get(i + 1), r) : "")),
                        tags(r.id(), Workload.FANOUT)));
            }
            doc.add(new Doc.Table("fanout", List.of(text("id"), number("forks x iterations"),
                    number("operations per iteration"), number("warm-up per fork (s, operations)"), number("median ms/op"),
                    number("95% interval"), text("fork medians"), text("stability"), number("x ideal [95%]"),
                    text("vs next")), table));
        }
        doc.bullets(problems(run, series));
        profiles(run, series, rows, doc);
    }

    /**
     * Per fan-out size and configuration, each model's closest row to the ideal, so the models
     * can be read side by side; every row is in its series' table below.
     */
    private static void fanOutSummary(Run run, Doc doc) {
        List<Series> fanOuts = series(run).stream().filter(x -> x.workload() == Workload.FANOUT).toList();
        if (fanOuts.isEmpty()) {
            return;
        }
        doc.heading(2, "Fan-out: each model's fastest row against the ideal");
        doc.paragraph("One operation starts T tasks; each waits D ms on its model's timer, runs consumeCPU(W) and "
                + "completes; the operation returns their sum. Ideal: D + T x w / P (w: one consumeCPU(W), "
                + "measured in this run; P: the configuration's cpus). Milliseconds per operation, median [95% "
                + "interval over forks]; *vs next model*: an ordering only where it says *separated*.");
        if (fanOuts.stream().anyMatch(x -> !rows(run, x).isEmpty())) {
            doc.add(new Doc.Image("ms per operation: median and 95% interval over forks, log scale", Chart.FANOUT_PNG,
                    Chart.FANOUT_SVG));
        }
        List<Doc.Row> table = new ArrayList<>();
        for (Series s : fanOuts) {
            Map<String, Row> fastest = new java.util.LinkedHashMap<>();
            rows(run, s).forEach(r -> fastest.putIfAbsent(r.model(), r));
            List<Row> best = List.copyOf(fastest.values());
            Optional<Ideal> ideal = Ideal.of(run, s);
            for (int i = 0; i < best.size(); i++) {
                Row r = best.get(i);
                Stats.Summary x = r.summary();
                table.add(new Doc.Row(List.of(Doc.Cell.of(s.name(run)), Doc.Cell.of(r.model()), Doc.Cell.of(r.id()),
                        value(x, true), ideal.map(d -> Doc.Cell.number(String.format(Locale.ROOT, "%.1f", d.ms()), d.ms()))
                                .orElse(Doc.Cell.of("n/a")),
                        ideal.map(d -> Doc.Cell.number(d.of(x), x.median() / 1e6 / d.ms())).orElse(Doc.Cell.of("n/a")),
                        Doc.Cell.of(i + 1 < best.size() ? versus(best.get(i + 1), r) : "")),
                        tags(r.id(), Workload.FANOUT)));
            }
        }
        doc.add(new Doc.Table("fanout-summary", List.of(text("series"), text("model"), text("fastest row"),
                number("ms/op [95%]"), number("ideal ms"), number("x ideal [95%]"), text("vs next model")), table));
    }

    private static String links(List<String> files) {
        // Ids hold '/', so their folders nest; escape what a Markdown link would decode.
        return files.stream().map(f -> "[" + f.substring(f.lastIndexOf('/') + 1) + "](" + f.replace("%", "%25")
                .replace(" ", "%20") + ")").collect(Collectors.joining("<br>"));
    }

    private static void allSeries(Run run, Doc doc) {
        List<Series> all = stepSeries(run);
        doc.heading(2, "All series: median ns per hop (ring) or per exchange (rendezvous) [95% interval]");
        List<Doc.Column> columns = new ArrayList<>(List.of(text("id")));
        all.forEach(s -> columns.add(number(s.name(run))));
        List<String> ids = new ArrayList<>();
        all.forEach(x -> rows(run, x).stream().map(Row::id).filter(id -> !ids.contains(id)).forEach(ids::add));
        List<Doc.Row> table = new ArrayList<>();
        for (String id : ids) {
            List<Doc.Cell> cells = new ArrayList<>(List.of(Doc.Cell.of(id)));
            for (Series s : all) {
                cells.add(rows(run, s).stream().filter(x -> x.id().equals(id)).findFirst()
                        .map(x -> value(x.summary(), false)).orElse(Doc.Cell.of("–")));
            }
            table.add(new Doc.Row(cells, Map.of("model", id.substring(0, id.indexOf('/')))));
        }
        doc.add(new Doc.Table("all-series", columns, table));
        doc.paragraph("(– : not measured in that series.)");
    }

    /** Every published study, with this run's speed-ups (first configuration that has them) beside. */
    private static void published(Run run, History history, Doc doc) {
        doc.heading(2, "Published figures (ratios only)");
        doc.paragraph("Speed-up over each study's own threads row, next to this run's speed-up over " + BASELINE
                + " for the same model: first the ids with the study's setup, then (labelled) one-thread variants it "
                + "did not run. Other machines, other JDKs: only the ratios compare.");
        List<Doc.Row> table = new ArrayList<>();
        for (History.Entry e : history.entries()) {
            table.add(new Doc.Row(List.of(Doc.Cell.of(e.study()), Doc.Cell.of(e.model()),
                    Doc.Cell.number(ns(e.nsPerHop()), e.nsPerHop()),
                    Doc.Cell.number(times(history.speedUp(e)), history.speedUp(e)), Doc.Cell.of(thisRun(run, e.ids())),
                    Doc.Cell.of(thisRun(run, e.oneThreadIds())), Doc.Cell.of(e.setup()), Doc.Cell.of(e.source())),
                    Map.of()));
        }
        doc.add(new Doc.Table("published", List.of(text("study"), text("model"), number("their ns/hop"),
                number("their speed-up"), text("this run, same setup"), text("this run, one thread"), text("setup"),
                text("source")), table));
    }

    private static String thisRun(Run run, List<String> ids) {
        List<String> parts = new ArrayList<>();
        List<Series> all = ringSeries(run);
        for (String id : ids) {
            for (Series s : all) {
                List<Row> rows = rows(run, s);
                Optional<Row> r = rows.stream().filter(x -> x.id().equals(id)).findFirst();
                Optional<Row> b = rows.stream().filter(x -> x.id().equals(BASELINE)).findFirst();
                if (r.isPresent() && b.isPresent()) {
                    parts.add(id + " " + ratio(Stats.ratio(b.get().summary(), r.get().summary()))
                            + (all.size() > 1 ? " (" + s.name(run) + ")" : ""));
                    break;
                }
            }
        }
        return String.join(", ", parts);
    }

    /** Nanoseconds: two decimals below 10, one below 1000, none above. */
    static String ns(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%,.0f", v);
    }

    static String interval(Stats.Interval i) {
        return i == null ? "n/a" : ns(i.low()) + "–" + ns(i.high());
    }

    /** A ratio with its interval: "12.3x [10.1–15.0]". */
    static String ratio(Stats.Ratio r) {
        return times(r.value()) + (r.interval() == null ? "" : " [" + times(r.interval().low()).replace("x", "") + "–"
                + times(r.interval().high()) + "]");
    }

    static String times(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2fx" : "%,.1fx", v);
    }

    /** Requests per second: no decimals, thousands separated. */
    static String rate(double v) {
        return !Double.isFinite(v) ? "n/a" : String.format(Locale.ROOT, "%,.0f", v);
    }

    static String rateInterval(Stats.Interval i) {
        return i == null ? "n/a" : rate(i.low()) + "–" + rate(i.high());
    }

    /** Bytes with two decimals below 10 (a ring that allocates nothing per hop shows 0.00). */
    static String bytes(double v) {
        return !Double.isFinite(v) ? "n/a" : String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.2f" : "%,.1f", v);
    }

    /** Inline code; a table cell's '|' is the renderer's to escape. */
    static String code(String s) {
        return "`" + s.replace("`", "'") + "`";
    }
}
