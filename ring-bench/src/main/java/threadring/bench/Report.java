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
    record Series(Configuration config, Workload workload, Shape shape, RunFile.FanOutSize fanOut) {
        Series(Configuration config, Workload workload, Shape shape) {
            this(config, workload, shape, null);
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
     * it, then in each fan-out size.
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
        return series;
    }

    /** The series of the handoff workloads (ring and rendezvous), whose rows are ns per step. */
    static List<Series> stepSeries(Run run) {
        return series(run).stream().filter(x -> x.workload() != Workload.FANOUT).toList();
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

    /** The measured ids of a series, fastest first. */
    static List<Row> rows(Run run, Series s) {
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

    /** Writes chart.png, chart.svg and report.md; returns report.md. */
    static Path write(Path runDir) throws IOException {
        Run run = RunFile.read(runDir);
        Chart.Outcome chart = Chart.write(runDir, run);
        varied(run).forEach(p -> Chart.writeParameter(runDir, run, p));
        Path file = runDir.resolve(FILE);
        Path tmp = runDir.resolve(FILE + ".tmp");
        Files.writeString(tmp, render(run, History.load(), chart));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }

    static String render(Run run, History history, Chart.Outcome chart) {
        StringBuilder md = new StringBuilder();
        md.append("# threadring run ").append(run.runId()).append("\n\n");
        if (run.state() != RunFile.State.COMPLETE) {
            md.append("**Incomplete run (").append(run.state().toString().toLowerCase(Locale.ROOT))
                    .append(")**: only what finished is shown; `results/latest` was not moved to it.\n\n");
        }
        environment(run, md);
        if (chart.png() != null) {
            md.append("![ns per hop: median and 95% interval over forks, log scale](").append(chart.png()).append(")");
            if (chart.svg() != null) {
                md.append(" ([SVG](").append(chart.svg()).append("))");
            }
            md.append("\n\n");
        } else {
            md.append("Chart: not drawn (").append(chart.problem()).append(").\n\n");
        }
        method(md);
        floors(run, md);
        rendezvous(run, md);
        for (Parameter p : varied(run)) {
            parameter(run, p, md);
        }
        fanOutSummary(run, md);
        if (stepSeries(run).size() > 1) {
            allSeries(run, md);
        }
        for (Series s : series(run)) {
            if (s.workload() == Workload.FANOUT) {
                fanOut(run, s, md);
            } else {
                series(run, history, s, md);
            }
        }
        published(run, history, md);
        return md.toString();
    }

    private static void environment(Run run, StringBuilder md) {
        Env.Machine m = run.machine();
        RunFile.Settings s = run.settings();
        md.append("## Environment\n\n");
        md.append("- machine: ").append(m.cpuModel()).append(", online cpus ").append(m.onlineCpus())
                .append(", ").append(m.os()).append(" ").append(m.kernel()).append('\n');
        md.append("- commit: ").append(m.gitCommit() == null ? "unknown" : m.gitCommit())
                .append(Boolean.TRUE.equals(m.gitDirty()) ? " (with uncommitted changes)" : "").append('\n');
        md.append("- started ").append(run.started()).append(", ");
        double minutes = run.minutes();
        md.append(Double.isNaN(minutes) ? "not finished" : String.format(Locale.ROOT, "took %.1f minutes", minutes))
                .append('\n');
        List<String> workloads = new ArrayList<>(ringSeries(run).stream().map(x -> "ring " + x.shape()).distinct()
                .toList());
        if (!workloads.isEmpty()) {
            workloads.set(workloads.size() - 1, workloads.get(workloads.size() - 1) + ", hops per pass: "
                    + (s.hops() == null ? "each id's own (column hops)" : String.valueOf(s.hops())));
        }
        if (series(run).stream().anyMatch(x -> x.workload() == Workload.RENDEZVOUS)) {
            workloads.add("rendezvous, values per exchange: "
                    + (s.values() == null ? "each id's own (column values)" : String.valueOf(s.values())));
        }
        series(run).stream().filter(x -> x.workload() == Workload.FANOUT).map(x -> "fanout " + x.fanOut()).distinct()
                .forEach(workloads::add);
        md.append("- workload: ").append(String.join("; ", workloads))
                .append(s.quick() ? " (**--quick**: a smoke run, not for quoting)" : "").append('\n');
        md.append("- scored passes: ").append(shape(s.forks(), s.warmups(), s.iterations(), s.iterationMs()))
                .append(" per id, no profiler").append(s.longRun() ? " (**--long**: the reference run)" : "")
                .append('\n');
        md.append("- profiling pass: ");
        if (s.profilers().isEmpty()) {
            md.append("none\n");
        } else {
            RunFile.Profiling p = s.profiling();
            md.append(String.join(", ", s.profilers())).append(" in separate JVMs, ")
                    .append(shape(p.forks(), p.warmups(), p.iterations(), p.iterationMs()))
                    .append(" per id; used for no score\n");
        }
        if (!s.includes().isEmpty()) {
            md.append("- ids matching: ").append(s.includes().stream().map(Report::code).collect(Collectors.joining(", ")))
                    .append('\n');
        }
        if (run.asyncProfiler() != null && !run.asyncProfiler().problems().isEmpty()) {
            md.append("- async-profiler unavailable: ").append(run.asyncProfiler().problems()).append('\n');
        }
        md.append("\n| configuration | JDK | cpus | availableProcessors | JVM flags of the JMH forks |\n");
        md.append("|---|---|---|---:|---|\n");
        for (Configuration c : run.configurations()) {
            md.append("| ").append(c.label()).append(" | ").append(c.jvm().javaVersion()).append(" (")
                    .append(c.jvm().javaVendor()).append(", ").append(c.jvm().vmName()).append(") | ")
                    .append(c.cpus() == null ? "unpinned" : "taskset -c " + c.cpus()).append(" | ")
                    .append(c.jvm().availableProcessors()).append(" | ").append(flags(run, c.label())).append(" |\n");
        }
        md.append('\n');
    }

    /**
     * "3 forks x (4 warm-up + 5 measured iterations of 1 s)"; null parts are WorkloadBenchmark's
     * annotations. Runs written before iterations were timed ran one pass per iteration.
     */
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

    private static void method(StringBuilder md) {
        md.append("## How to read it\n\n");
        md.append("**Steady state by time.** One JMH operation is one *pass*: `hops` verified hops around the "
                + "ring, or `values` verified exchanges of the rendezvous (a wrong answer fails the id). JMH repeats "
                + "passes for whole iterations of fixed length (average time per pass, JMH's `avgt`), so a fast "
                + "machine runs more passes, not shorter ones. Each fork first warms up for its warm-up "
                + "iterations (the *warm-up per fork* column: seconds and passes it actually ran), then measures; a "
                + "pass lasts 5-200 ms here, long against its own start and end and short against an iteration. "
                + "Why: with one short warm-up pass, forks were still compiling when measured (an Exchanger "
                + "rendezvous read 240 ns per exchange against 76-78 in long runs and in jox's own JMH benchmark); "
                + "`benchmark.sh --long` (10^7 per pass, " + RunCommand.LONG_PASSES + " warm-up passes) is the "
                + "reference the default must agree with (`compare`).\n\n");
        md.append("**Statistics.** Iterations inside one JVM agree far better than JVMs do with each other, so "
                + "the **fork** is the unit of repetition: *fork medians* are each JVM's median iteration (ns per "
                + "hop or exchange), and the **95% interval** is Student's t over the logarithms of the fork "
                + "medians (k-1 degrees of freedom; the between-fork spread is in it; Georges et al. 2007, "
                + "commons-math3). *median* is the median of all measured iterations, *min* and *max* their "
                + "extremes. A row is **unstable** when its fork medians are more than " + pct(Stats.UNSTABLE_SPREAD)
                + " apart, when its iterations still fall or rise by more than " + pct(1 + Stats.DRIFT)
                + " from a fork's first to its last with a trend beyond their noise (*not steady*; least "
                + "squares over the forks, p < " + Stats.UNSTABLE_P + "), or when forks differ beyond their own "
                + "iterations' noise (one-way ANOVA over forks of log iteration times, p < " + Stats.UNSTABLE_P
                + "); its interval stands on too few JVMs to trust. **Speed-ups** are ratios of medians; their "
                + "95% intervals come from Welch's t on the log fork medians. *vs next*: the next slower row's "
                + "median over this one's; an ordering holds only where it says *separated* (its interval "
                + "excludes 1). With one fork there is no interval (n/a). Absolute times drift between runs on a "
                + "shared machine: compare ratios within one run.\n\n");
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

    private static void series(Run run, History history, Series series, StringBuilder md) {
        Configuration c = series.config();
        String label = c.label();
        md.append("## ").append(series.name(run)).append("\n\n");
        md.append("JDK ").append(c.jvm().javaVersion()).append(" (").append(c.jvm().javaVendor()).append("), cpus ")
                .append(c.cpus() == null ? "unpinned" : "pinned with taskset -c " + c.cpus())
                .append(", availableProcessors=").append(c.jvm().availableProcessors()).append("\n\n");
        List<Row> rows = rows(run, series);
        Optional<Row> base = rows.stream().filter(r -> r.id().equals(BASELINE)).findFirst();
        if (!rows.isEmpty()) {
            md.append("| id | ").append(series.ring() ? "hops" : "values").append(" per pass | forks x iterations "
                    + "| passes per iteration | warm-up per fork (s, passes) | median ns/")
                    .append(series.workload().unit()).append(" | 95% interval | fork medians | min | max "
                    + "| stability | vs next | speed-up vs ").append(BASELINE).append(" [95%] | 2014 |\n");
            md.append("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---|---|---:|---:|\n");
            for (int i = 0; i < rows.size(); i++) {
                Row r = rows.get(i);
                Stats.Summary s = r.summary();
                md.append("| ").append(r.id()).append(" | ").append(String.format(Locale.ROOT, "%,d", r.steps()))
                        .append(" | ").append(s.forks()).append(" x ").append(s.samples() / s.forks())
                        .append(" | ").append(passesPerIteration(r.measured())).append(" | ").append(warmup(r.measured()))
                        .append(" | ").append(ns(s.median())).append(" | ").append(interval(s.interval()))
                        .append(" | ").append(s.forkMedians().stream().map(Report::ns).collect(Collectors.joining(", ")))
                        .append(" | ").append(ns(s.min())).append(" | ").append(ns(s.max()))
                        .append(" | ").append(s.isUnstable() ? "**unstable**: " + s.unstable() : s.forks() < 2 ? "n/a" : "ok")
                        .append(" | ").append(i + 1 < rows.size() ? versus(rows.get(i + 1), r) : "")
                        .append(" | ").append(r.id().equals(BASELINE) ? "1 (baseline)"
                                : base.map(b -> ratio(Stats.ratio(b.summary(), s))).orElse("n/a"))
                        .append(" | ").append(study2014(history, r.id())).append(" |\n");
            }
            if (base.isEmpty()) {
                md.append("\n- speed-ups: n/a, ").append(BASELINE).append(" was not measured in this configuration");
            }
            if (rows.stream().anyMatch(r -> history.oneThreadOf(History.STUDY_2014, r.id()).isPresent())) {
                md.append("\n- 2014: the study's speed-up over its threads row for the same model and setup (its "
                        + "libraries' default multi-thread scheduler or dispatcher); in parentheses on one-thread "
                        + "variants of that model, which the study did not run");
            }
        } else {
            md.append("No id was measured in this configuration.\n");
        }
        for (String problem : problems(run, series)) {
            md.append("\n- ").append(problem);
        }
        md.append('\n');
        profiles(run, series.name(run), rows, md);
    }

    private static String versus(Row slower, Row r) {
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
    private static List<String> problems(Run run, Series series) {
        List<String> problems = new ArrayList<>();
        for (Job j : run.jobs(series.label()).stream().filter(j -> j.workload() == series.workload()
                && java.util.Objects.equals(j.shape(), series.shape())).toList()) {
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

    private static void profiles(Run run, String label, List<Row> rows, StringBuilder md) {
        List<Row> profiled = rows.stream().filter(r -> r.measured().profile() != null).toList();
        if (profiled.isEmpty()) {
            return;
        }
        RunFile.Profiling p = run.settings().profiling();
        md.append("\n### Profiling pass: ").append(label).append("\n\n");
        md.append("Separate JVMs after each id's scored passes, ")
                .append(shape(p.forks(), p.warmups(), p.iterations(), p.iterationMs()))
                .append(", with ").append(String.join(", ", run.settings().profilers()))
                .append(". No score above comes from these passes. *profiled / scored* is their median pass time "
                        + "over the scored median: what the profilers cost, plus the usual spread between JVMs (a "
                        + "ratio inside the row's fork spread above shows no cost). Hot methods are the top frames "
                        + "of JFR's execution samples (threads in Java code; a thread blocked in the kernel is not "
                        + "sampled), with the number of samples.\n\n");
        md.append("| id | profiled / scored | B/step | GC ms/pass (share) | hot methods (JFR execution samples, top "
                + "frames) | files |\n");
        md.append("|---|---:|---:|---:|---|---|\n");
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
            md.append("| ").append(r.id()).append(" | ").append(String.format(Locale.ROOT, "%.2f", profiledMs / scoredMs))
                    .append(" | ").append(pr.allocBytesPerOp() == null ? "n/a" : bytes(pr.allocBytesPerOp() / r.steps()))
                    .append(" | ").append(pr.gcMsPerPass() == null ? "n/a" : String.format(Locale.ROOT, "%,.1f (%.0f%%)",
                            pr.gcMsPerPass(), 100 * pr.gcMsPerPass() / profiledMs))
                    .append(" | ").append(hot)
                    .append(" | ").append(pr.files().isEmpty() ? "" : links(pr.files())).append(" |\n");
            if (pr.problem() != null) {
                problems.add(r.id() + ": " + pr.problem());
            }
        }
        for (String problem : problems) {
            md.append("\n- ").append(problem);
        }
        md.append('\n');
    }

    /**
     * Per model and series, its fastest row against its nearest floor row ({@code RingFactory.floor})
     * measured in the same series: what the model's scheduler and library add to a hop.
     */
    private static void floors(Run run, StringBuilder md) {
        Map<String, String> floorOf = new java.util.HashMap<>();
        RingFactories.load().all().forEach(f -> floorOf.put(f.id(), f.floor()));
        StringBuilder table = new StringBuilder();
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
                table.append("| ").append(s.name(run)).append(" | ").append(r.model()).append(" | ").append(r.id())
                        .append(" | ").append(ns(m.median())).append(" [").append(interval(m.interval())).append("]")
                        .append(m.isUnstable() ? " unstable" : "").append(" | ").append(floorId).append(" | ")
                        .append(ns(f.median())).append(" [").append(interval(f.interval())).append("]")
                        .append(f.isUnstable() ? " unstable" : "").append(" | ").append(ns(m.median() - f.median()))
                        .append(" | ").append(ratio(Stats.ratio(m, f))).append(" |\n");
            }
        }
        if (table.isEmpty()) {
            return;
        }
        md.append("## Over the floor: what each model adds to a hop\n\n");
        md.append("Each model's fastest row against the floor row nearest to its machinery (`floor/loop`: plain "
                + "code; `floor/loom-continuation`: a bare Loom continuation per node; `floor/kotlin-intrinsics`: "
                + "bare Kotlin coroutines; `floor/kilim-continuation`: bare Kilim fibers), in the same series. The "
                + "difference is the scheduler's and the library's share of a hop; *x floor* is the ratio of "
                + "medians with its 95% interval.\n\n");
        md.append("| series | model | fastest row | ns/hop [95%] | floor | floor ns/hop [95%] | added ns/hop "
                + "| x floor [95%] |\n|---|---|---|---:|---|---:|---:|---:|\n");
        md.append(table).append('\n');
    }

    static final String FLOOR_MODEL = "floor";

    /**
     * Per configuration, each id's rendezvous beside its ring (the first ring series of that
     * configuration, the classic one if it ran): where a trick pays in one workload and not the
     * other, the ratio moves.
     */
    private static void rendezvous(Run run, StringBuilder md) {
        StringBuilder table = new StringBuilder();
        for (Series r : series(run).stream().filter(x -> x.workload() == Workload.RENDEZVOUS).toList()) {
            List<Series> rings = ringSeries(run).stream().filter(x -> x.label().equals(r.label())).toList();
            Optional<Series> ring = rings.stream().filter(x -> x.shape().equals(Shape.classic(Rings.DEFAULT_NODES)))
                    .findFirst().or(() -> rings.stream().findFirst());
            List<Row> ringRows = ring.map(x -> rows(run, x)).orElse(List.of());
            for (Row row : rows(run, r)) {
                Stats.Summary e = row.summary();
                Optional<Row> hop = ringRows.stream().filter(x -> x.id().equals(row.id())).findFirst();
                table.append("| ").append(r.label()).append(" | ").append(row.id()).append(" | ")
                        .append(ns(e.median())).append(" [").append(interval(e.interval())).append("]")
                        .append(e.isUnstable() ? " unstable" : "").append(" | ")
                        .append(hop.map(h -> ns(h.summary().median()) + " [" + interval(h.summary().interval()) + "]"
                                + (h.summary().isUnstable() ? " unstable" : "")).orElse("–"))
                        .append(" | ").append(hop.map(h -> ratio(Stats.ratio(e, h.summary()))).orElse(""))
                        .append(" |\n");
            }
        }
        if (table.isEmpty()) {
            return;
        }
        md.append("## Rendezvous beside the ring\n\n");
        md.append("Each id's rendezvous (a sender and a receiver meet once per value; ns per exchanged value) "
                + "beside its ring (ns per hop, the configuration's classic ring if it ran, else its first), fastest "
                + "rendezvous first. *rendezvous / ring* is the ratio of medians with its 95% interval: a primitive "
                + "whose partner is always about to arrive (spinning, Exchanger) gains in the rendezvous and loses "
                + "in the ring, where a node waits N-1 hops for its next token.\n\n");
        md.append("| configuration | id | rendezvous ns/exchange [95%] | ring ns/hop [95%] | rendezvous / ring [95%] |\n"
                + "|---|---|---:|---:|---:|\n");
        md.append(table).append('\n');
    }

    /**
     * How ns/hop changes with one ring parameter: per configuration and combination of the other
     * parameters, one column per value, and the last value's median over the first's with its
     * interval.
     */
    private static void parameter(Run run, Parameter p, StringBuilder md) {
        md.append("## ").append(p.option).append(": median ns/hop [95% interval] against ").append(p.axis)
                .append("\n\n");
        if (run.settings().hops() == null) {
            md.append("Every value runs each id's own hops per pass. ");
        }
        md.append("*last / first*: the change from the first value to the last, with its 95% interval (Welch's t "
                + "on the log fork medians). Chart: [").append(p.chartFile()).append("](").append(p.chartFile())
                .append(").\n\n");
        Map<String, List<Series>> groups = new java.util.LinkedHashMap<>();
        for (Series s : ringSeries(run)) {
            groups.computeIfAbsent(s.label() + "|" + p.others(s.shape()), k -> new ArrayList<>()).add(s);
        }
        for (List<Series> group : groups.values()) {
            if (group.size() < 2) {
                continue;
            }
            List<Series> sorted = group.stream().sorted(Comparator.comparingInt(s -> p.of(s.shape()))).toList();
            md.append("### ").append(sorted.get(0).label()).append(", ").append(p.others(sorted.get(0).shape()))
                    .append("\n\n| id |");
            sorted.forEach(s -> md.append(' ').append(p.option).append('=').append(p.format(p.of(s.shape())))
                    .append(" |"));
            md.append(" last / first |\n|---|");
            sorted.forEach(s -> md.append("---:|"));
            md.append("---:|\n");
            List<String> ids = new ArrayList<>();
            sorted.forEach(s -> rows(run, s).stream().map(Row::id).filter(id -> !ids.contains(id)).forEach(ids::add));
            for (String id : ids) {
                md.append("| ").append(id).append(" |");
                List<Optional<Row>> cells = sorted.stream()
                        .map(s -> rows(run, s).stream().filter(r -> r.id().equals(id)).findFirst()).toList();
                for (Optional<Row> r : cells) {
                    md.append(' ').append(r.map(x -> ns(x.summary().median()) + " [" + interval(x.summary().interval())
                            + "]" + (x.summary().isUnstable() ? " unstable" : "")).orElse("–")).append(" |");
                }
                Optional<Row> first = cells.stream().flatMap(Optional::stream).findFirst();
                Optional<Row> last = cells.stream().flatMap(Optional::stream).reduce((x, y) -> y);
                md.append(' ').append(first.isPresent() && last.get() != first.get()
                        ? ratio(Stats.ratio(last.get().summary(), first.get().summary())) : "").append(" |\n");
            }
            md.append('\n');
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
    private static void fanOut(Run run, Series series, StringBuilder md) {
        Configuration c = series.config();
        RunFile.FanOutSize f = series.fanOut();
        md.append("## ").append(series.name(run)).append("\n\n");
        md.append("JDK ").append(c.jvm().javaVersion()).append(" (").append(c.jvm().javaVendor()).append("), cpus ")
                .append(c.cpus() == null ? "unpinned" : "pinned with taskset -c " + c.cpus())
                .append(", availableProcessors=").append(c.jvm().availableProcessors()).append(". One operation: ")
                .append(String.format(Locale.ROOT, "%,d", f.tasks())).append(" tasks each wait ").append(f.delayMs())
                .append(" ms, run consumeCPU(").append(f.work()).append(") and complete.\n\n");
        Optional<Ideal> ideal = Ideal.of(run, series);
        md.append(ideal.map(i -> "Ideal: " + String.format(Locale.ROOT, "%.1f", i.ms()) + " ms" + (i.perCall() == null
                ? " (the delay; no work)" : String.format(Locale.ROOT, " = %d ms + %,d x %.0f ns / %d cpus, "
                        + "consumeCPU(%d) measured in this run at %s ns [%s] (CpuWorkBenchmark)", f.delayMs(), f.tasks(),
                        i.perCall().median(), i.cpus(), f.work(), ns(i.perCall().median()),
                        interval(i.perCall().interval())))).orElse("Ideal: unknown (consumeCPU(" + f.work()
                                + ") was not measured in this run)")).append(". *x ideal*: the median over the "
                                + "ideal, its interval from the row's and the ideal's.\n\n");
        List<Row> rows = rows(run, series);
        if (rows.isEmpty()) {
            md.append("No id was measured in this series.\n");
        } else {
            md.append("| id | forks x iterations | operations per iteration | warm-up per fork (s, operations) "
                    + "| median ms/op | 95% interval | fork medians | stability | x ideal [95%] | vs next |\n");
            md.append("|---|---:|---:|---:|---:|---:|---|---|---:|---|\n");
            for (int i = 0; i < rows.size(); i++) {
                Row r = rows.get(i);
                Stats.Summary s = r.summary();
                md.append("| ").append(r.id()).append(" | ").append(s.forks()).append(" x ")
                        .append(s.samples() / s.forks()).append(" | ").append(passesPerIteration(r.measured()))
                        .append(" | ").append(warmup(r.measured())).append(" | ").append(ms(s.median()))
                        .append(" | ").append(msInterval(s.interval())).append(" | ")
                        .append(s.forkMedians().stream().map(Report::ms).collect(Collectors.joining(", ")))
                        .append(" | ").append(s.isUnstable() ? "**unstable**: " + s.unstable() : s.forks() < 2 ? "n/a" : "ok")
                        .append(" | ").append(ideal.map(x -> x.of(s)).orElse("n/a"))
                        .append(" | ").append(i + 1 < rows.size() ? versus(rows.get(i + 1), r) : "").append(" |\n");
            }
        }
        for (String problem : problems(run, series)) {
            md.append("\n- ").append(problem);
        }
        md.append('\n');
        profiles(run, series.name(run), rows, md);
    }

    /**
     * Per fan-out size and configuration, each model's closest row to the ideal, so the models
     * can be read side by side; every row is in its series' table below.
     */
    private static void fanOutSummary(Run run, StringBuilder md) {
        List<Series> fanOuts = series(run).stream().filter(x -> x.workload() == Workload.FANOUT).toList();
        if (fanOuts.isEmpty()) {
            return;
        }
        md.append("## Fan-out: each model's fastest row against the ideal\n\n");
        md.append("One operation starts T tasks; each waits D ms on its model's timer, runs consumeCPU(W) and "
                + "completes; the operation returns their sum. Ideal: D + T x w / P (w: one consumeCPU(W), "
                + "measured in this run; P: the configuration's cpus). Milliseconds per operation, median [95% "
                + "interval over forks]; *vs next model* only where the intervals separate.\n\n");
        if (fanOuts.stream().anyMatch(x -> !rows(run, x).isEmpty())) {
            md.append("![ms per operation: median and 95% interval over forks, log scale](").append(Chart.FANOUT_PNG)
                    .append(")\n\n");
        }
        md.append("| series | model | fastest row | ms/op [95%] | ideal ms | x ideal [95%] | vs next model |\n");
        md.append("|---|---|---|---:|---:|---:|---|\n");
        for (Series s : fanOuts) {
            Map<String, Row> fastest = new java.util.LinkedHashMap<>();
            rows(run, s).forEach(r -> fastest.putIfAbsent(r.model(), r));
            List<Row> best = List.copyOf(fastest.values());
            Optional<Ideal> ideal = Ideal.of(run, s);
            for (int i = 0; i < best.size(); i++) {
                Row r = best.get(i);
                Stats.Summary x = r.summary();
                md.append("| ").append(s.name(run)).append(" | ").append(r.model()).append(" | ").append(r.id())
                        .append(" | ").append(ms(x.median())).append(" [").append(msInterval(x.interval())).append("]")
                        .append(x.isUnstable() ? " unstable" : "").append(" | ")
                        .append(ideal.map(d -> String.format(Locale.ROOT, "%.1f", d.ms())).orElse("n/a"))
                        .append(" | ").append(ideal.map(d -> d.of(x)).orElse("n/a")).append(" | ")
                        .append(i + 1 < best.size() ? versus(best.get(i + 1), r) : "").append(" |\n");
            }
        }
        md.append('\n');
    }

    private static String links(List<String> files) {
        // Ids hold '/', so their folders nest; escape what a Markdown link would decode.
        return files.stream().map(f -> "[" + f.substring(f.lastIndexOf('/') + 1) + "](" + f.replace("%", "%25")
                .replace(" ", "%20") + ")").collect(Collectors.joining("<br>"));
    }

    private static void allSeries(Run run, StringBuilder md) {
        List<Series> all = stepSeries(run);
        md.append("## All series: median ns per hop (ring) or per exchange (rendezvous) [95% interval]\n\n| id |");
        all.forEach(s -> md.append(' ').append(s.name(run)).append(" |"));
        md.append("\n|---|");
        all.forEach(s -> md.append("---:|"));
        md.append('\n');
        List<String> ids = new ArrayList<>();
        all.forEach(x -> rows(run, x).stream().map(Row::id).filter(id -> !ids.contains(id)).forEach(ids::add));
        for (String id : ids) {
            md.append("| ").append(id).append(" |");
            for (Series s : all) {
                Optional<Row> r = rows(run, s).stream().filter(x -> x.id().equals(id)).findFirst();
                md.append(' ').append(r.map(x -> ns(x.summary().median()) + " [" + interval(x.summary().interval())
                        + "]" + (x.summary().isUnstable() ? " unstable" : "")).orElse("–")).append(" |");
            }
            md.append('\n');
        }
        md.append("\n(– : not measured in that configuration.)\n\n");
    }

    /** Every published study, with this run's speed-ups (first configuration that has them) beside. */
    private static void published(Run run, History history, StringBuilder md) {
        md.append("## Published figures (ratios only)\n\n");
        md.append("Speed-up over each study's own threads row, next to this run's speed-up over ").append(BASELINE)
                .append(" for the same model: first the ids with the study's setup, then (labelled) one-thread "
                        + "variants it did not run. Other machines, other JDKs: only the ratios compare.\n\n");
        md.append("| study | model | their ns/hop | their speed-up | this run, same setup | this run, one thread "
                + "| setup | source |\n");
        md.append("|---|---|---:|---:|---|---|---|---|\n");
        for (History.Entry e : history.entries()) {
            md.append("| ").append(e.study()).append(" | ").append(e.model()).append(" | ").append(ns(e.nsPerHop()))
                    .append(" | ").append(times(history.speedUp(e))).append(" | ").append(thisRun(run, e.ids()))
                    .append(" | ").append(thisRun(run, e.oneThreadIds())).append(" | ").append(e.setup())
                    .append(" | ").append(e.source()).append(" |\n");
        }
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

    /** Bytes with two decimals below 10 (a ring that allocates nothing per hop shows 0.00). */
    static String bytes(double v) {
        return !Double.isFinite(v) ? "n/a" : String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.2f" : "%,.1f", v);
    }

    static String code(String s) {
        return "`" + s.replace("|", "\\|").replace("`", "'") + "`";
    }
}
