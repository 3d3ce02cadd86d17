package threadring.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import threadring.bench.RunFile.Configuration;
import threadring.bench.RunFile.Job;
import threadring.bench.RunFile.JobResult;
import threadring.bench.RunFile.Measured;
import threadring.bench.RunFile.Run;
import threadring.bench.RunFile.State;
import threadring.bench.RunFile.Status;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Rings;
import threadring.core.Shape;
import threadring.core.Workload;

/**
 * A sweep: for every JDK x cpu set x planned job (a benchmark class narrowed to ids of the same
 * hops), one {@link JmhJob} child under {@code taskset}, so a crash in one cannot take the others
 * down and each cpu set pins the JMH forks too. Everything lands in {@code results/<run-id>/};
 * run.json is rewritten after every job, and {@code results/latest} moves only when the sweep ran
 * to its end and measured something. Ctrl-C stops the child, keeps what finished and writes a
 * report marked interrupted.
 */
final class Sweep {

    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    /** JMH's per-pass timeout in the child: a deadlocked ring fails its id instead of hanging. */
    static final int PASS_TIMEOUT_MINUTES = 10;

    /**
     * One JMH child to run: some ids of one model, all at {@code steps} (hops per pass) on rings of
     * one shape, or all at {@code steps} values per exchange in the rendezvous (shape null).
     */
    record Plan(String model, List<RingFactory> factories, int steps, Shape shape) {
        List<String> ids() {
            return factories.stream().map(RingFactory::id).toList();
        }

        Workload workload() {
            return shape == null ? Workload.RENDEZVOUS : Workload.RING;
        }

        String file() {
            return shape == null ? model + "-rendezvous-" + steps : model + "-" + steps + "-n" + shape.nodes() + "-t"
                    + shape.tokens() + "-d" + shape.depth() + "-w" + shape.work();
        }

        /** What the console says about this job. */
        String describe() {
            return shape == null ? "rendezvous values=" + steps : shape + " hops=" + steps;
        }

        /** A record of this job for run.json. */
        Job job(String label, List<String> ids, Status status, String reason, Integer exit, List<Measured> results) {
            if (shape == null) {
                return new Job(label, Catalog.RENDEZVOUS_BENCHMARK, ids, 0, 0, status, reason, exit, results, null,
                        null, null, Workload.RENDEZVOUS, steps);
            }
            return new Job(label, Catalog.BENCHMARK, ids, shape.nodes(), steps, status, reason, exit, results,
                    shape.tokens(), shape.depth(), shape.work(), Workload.RING, null);
        }
    }

    /**
     * consumeCPU units per hop that cost about as much as the shortest hop's handoff: passes with
     * work run {@code 1 + work / WORK_PER_HOP_SCALE} times fewer hops, so that a pass takes about
     * as long as without work (ns per hop does not depend on the pass length).
     */
    static final int WORK_PER_HOP_SCALE = 50;

    private final RunCommand.Request request;
    private final RunFile.Settings settings;
    private final Path jar;
    private final Path home;
    private final PrintStream out;
    private final Object lock = new Object();
    private final List<Job> jobs = new ArrayList<>();
    private Run run;
    private Path runDir;
    private Job current;
    private Path currentResult;
    private boolean finished;
    /** Set by the interrupt hook: from then on only it writes run.json. */
    private boolean stopped;

    Sweep(RunCommand.Request request, Path jar, Path home, PrintStream out) {
        this.request = request;
        this.settings = request.settings();
        this.jar = jar;
        this.home = home;
        this.out = out;
    }

    /** The plans of every workload of the settings: the ring's, then the rendezvous's. */
    static List<Plan> plan(List<Catalog.Model> selected, RunFile.Settings s) {
        List<Plan> plans = new ArrayList<>();
        for (Workload w : s.workloadsRun()) {
            plans.addAll(w == Workload.RING ? plan(selected, s.shapes(), s.hops(), s.quick())
                    : rendezvous(selected, s.values(), s.quick()));
        }
        return plans;
    }

    /**
     * The rendezvous of every selected id that has one, split by values per exchange: the user's
     * for all, else each id's default (divided for --quick).
     */
    static List<Plan> rendezvous(List<Catalog.Model> selected, Integer userValues, boolean quick) {
        List<Plan> plans = new ArrayList<>();
        for (Catalog.Model m : selected) {
            Map<Integer, List<RingFactory>> byValues = new TreeMap<>(Comparator.reverseOrder());
            for (RingFactory f : m.factories()) {
                if (f.runs(Workload.RENDEZVOUS)) {
                    int values = userValues != null ? userValues
                            : Math.max(1, quick ? f.defaultValues() / RunCommand.QUICK_DIVISOR : f.defaultValues());
                    byValues.computeIfAbsent(values, v -> new ArrayList<>()).add(f);
                }
            }
            byValues.forEach((values, factories) -> plans.add(new Plan(m.name(), List.copyOf(factories), values, null)));
        }
        return plans;
    }

    /**
     * For each ring size, splits each benchmark by its ids' hops: the user's for all, else each
     * id's default (divided for --quick), so slow ids run shorter passes as a job of their own.
     */
    static List<Plan> plan(List<Catalog.Model> selected, List<Shape> shapes, Integer userHops, boolean quick) {
        List<Plan> plans = new ArrayList<>();
        for (Shape shape : shapes) {
            for (Catalog.Model m : selected) {
                Map<Integer, List<RingFactory>> byHops = new TreeMap<>(Comparator.reverseOrder());
                for (RingFactory f : m.factories()) {
                    int hops = userHops != null ? userHops : defaultHops(f, shape, quick);
                    byHops.computeIfAbsent(hops, h -> new ArrayList<>()).add(f);
                }
                byHops.forEach((hops, factories) -> plans.add(new Plan(m.name(), List.copyOf(factories), hops, shape)));
            }
        }
        return plans;
    }

    /** The id's own hops, divided for --quick and for work per hop (see {@link #WORK_PER_HOP_SCALE}). */
    static int defaultHops(RingFactory f, Shape shape, boolean quick) {
        int hops = f.defaultHops() / (1 + shape.work() / WORK_PER_HOP_SCALE);
        return Math.max(1, quick ? hops / RunCommand.QUICK_DIVISOR : hops);
    }

    int run() throws IOException, InterruptedException {
        List<Catalog.Model> selected = Catalog.select(RingFactories.load(), settings.includes());
        if (selected.isEmpty()) {
            throw new UsageException("--include " + settings.includes() + " matches no implementation id (see 'list')");
        }
        RunCommand.requireWritable(request.results());
        List<Plan> plans = plan(selected, settings);
        if (plans.isEmpty()) {
            throw new UsageException("--include " + settings.includes() + " matches no id that runs "
                    + settings.workloadsRun().stream().map(Workload::label).toList() + " (see 'list')");
        }
        List<Configuration> configs = configurations();

        runDir = createRunDir(request.results());
        out.println("threadring: writing " + runDir);
        RunFile.AsyncStatus async = settings.profilers().contains("async") ? prepareAsync(configs) : null;
        run = new Run(RunFile.SCHEMA, runDir.getFileName().toString(), State.RUNNING,
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), null, Env.machine(home), settings, async,
                configs, List.of());
        out.println("threadring: scored passes run without profilers; profiling pass: "
                + (settings.profilers().isEmpty() ? "none" : String.join(", ", settings.profilers())));
        save(State.RUNNING);

        Thread onInterrupt = new Thread(this::interrupted, "threadring interrupt");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        try (Writer console = Files.newBufferedWriter(runDir.resolve("console.log"), StandardCharsets.UTF_8)) {
            for (Configuration c : configs) {
                for (Plan p : plans) {
                    // ids that need a newer JDK than this configuration's are skipped, with the reason
                    int feature = c.jvm().javaFeature();
                    List<RingFactory> tooNew = p.factories().stream().filter(f -> f.minimumJavaVersion() > feature).toList();
                    if (!tooNew.isEmpty()) {
                        String why = tooNew.stream().map(f -> f.id() + " needs JDK " + f.minimumJavaVersion() + "+")
                                .collect(java.util.stream.Collectors.joining(", ")) + "; this is JDK " + feature;
                        log(console, "threadring: skipping on " + c.label() + ": " + why);
                        synchronized (lock) {
                            jobs.add(p.job(c.label(), tooNew.stream().map(RingFactory::id).toList(), Status.SKIPPED, why,
                                    null, List.of()));
                        }
                    }
                    List<RingFactory> runnable = p.factories().stream().filter(f -> !tooNew.contains(f)).toList();
                    if (runnable.isEmpty()) {
                        continue;
                    }
                    Job job = runJob(c, new Plan(p.model(), runnable, p.steps(), p.shape()), console, async);
                    synchronized (lock) {
                        current = null;
                        jobs.add(job);
                        save(State.RUNNING);
                    }
                }
            }
        }
        synchronized (lock) {
            finished = true;
            save(State.COMPLETE);
        }
        Runtime.getRuntime().removeShutdownHook(onInterrupt);
        Path report = Report.write(runDir);
        long failed = jobs.stream().mapToLong(j -> j.status() == Status.SKIPPED ? 0 : j.failures().size()).sum();
        if (jobs.stream().anyMatch(j -> !j.results().isEmpty() && j.results().stream().anyMatch(m -> m.score() != null))) {
            pointLatestAt(runDir);
        } else {
            out.println("threadring: nothing was measured, results/latest left as it was");
        }
        out.print(Files.readString(report));
        out.println("threadring: report " + report);
        if (failed > 0) {
            out.println("threadring: " + failed + " id(s) failed, see " + runDir.resolve("report.md"));
            return 1;
        }
        return 0;
    }

    /** Every JDK x cpu set, each probed in a JVM started the way the JMH child will be. */
    private List<Configuration> configurations() throws IOException, InterruptedException {
        List<Path> jdks = request.jdks().isEmpty() ? List.of(Path.of(System.getProperty("java.home"))) : request.jdks();
        List<String> cpuSets = new ArrayList<>(settings.cpus());
        if (cpuSets.isEmpty()) {
            cpuSets.add(null);
        }
        List<Configuration> configs = new ArrayList<>();
        for (Path jdk : jdks) {
            for (String cpus : cpuSets) {
                Env.Jvm jvm = probe(jdk, cpus);
                String label = "jdk" + jvm.javaFeature() + "-cpus" + (cpus == null ? "all" : cpus);
                if (configs.stream().anyMatch(c -> c.label().equals(label))) {
                    throw new UsageException("the same JDK and cpu set are given twice: " + label);
                }
                configs.add(new Configuration(label, jdk.toString(), cpus, jvm));
            }
        }
        return configs;
    }

    private Env.Jvm probe(Path jdk, String cpus) throws IOException, InterruptedException {
        Path file = Files.createTempFile("threadring-jvm", ".json");
        try {
            List<String> cmd = Processes.pinned(cpus, List.of(Processes.java(jdk.toString()), "-cp", jar.toString(),
                    Cli.class.getName(), "env", file.toString()));
            Processes.Exit exit = Processes.capture(cmd, Duration.ofSeconds(60));
            if (!exit.ok()) {
                throw new UsageException("cannot start " + String.join(" ", cmd) + ": " + exit.oneLine());
            }
            Env.Jvm jvm = RunFile.readJson(file, Env.Jvm.class);
            if (jvm.javaFeature() < 17) {
                throw new UsageException("--jdk " + jdk + " is JDK " + jvm.javaVersion() + "; threadring needs 17+");
            }
            return jvm;
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private Job runJob(Configuration c, Plan p, Writer console, RunFile.AsyncStatus async)
            throws IOException, InterruptedException {
        List<String> ids = p.ids();
        Path jobs = Files.createDirectories(runDir.resolve("jobs").resolve(c.label()));
        Path specFile = jobs.resolve(p.file() + ".spec.json");
        Path resultFile = jobs.resolve(p.file() + ".json");
        String asyncLib = async == null || async.library() == null || async.problems().containsKey(c.label())
                ? null : async.library();
        JmhJob.Spec spec = new JmhJob.Spec(Catalog.benchmark(p.workload()), ids, p.steps(), p.shape(), settings.forks(),
                settings.warmups(), settings.iterations(), PASS_TIMEOUT_MINUTES, settings.profilers(),
                settings.profiling(), asyncLib, runDir.toString(),
                runDir.resolve("profiles").resolve(c.label()).toString(), resultFile.toString());
        RunFile.writeJson(specFile, spec);
        List<String> cmd = Processes.pinned(c.cpus(), List.of(Processes.java(c.jdk()), "-cp", jar.toString(),
                JmhJob.class.getName(), specFile.toString()));
        synchronized (lock) {
            current = p.job(c.label(), ids, Status.RUNNING, null, null, List.of());
            currentResult = resultFile;
        }
        log(console, "threadring: [" + c.label() + "] " + ids + " " + p.describe());
        Processes.Exit exit = Processes.stream(cmd, jobTimeout(ids.size()), line -> log(console, line));
        List<Measured> results = results(resultFile);
        Status status = exit.timedOut() ? Status.TIMED_OUT : exit.status() == 0 ? Status.OK : Status.FAILED;
        String reason = exit.timedOut() ? "the JMH child did not end within " + jobTimeout(ids.size()).toHours()
                + " h and was killed"
                : exit.status() == 0 ? null : "the JMH child exited with status " + exit.status();
        if (exit.status() != 0) {
            log(console, "threadring: " + p.model() + " on " + c.label() + ": " + reason);
        }
        return p.job(c.label(), ids, status, reason,
                exit.timedOut() ? null : exit.status(), results);
    }

    /** A backstop far beyond any normal job: JMH's own per-pass timeout ends a hung pass first. */
    private Duration jobTimeout(int ids) {
        int forks = settings.forks() != null ? settings.forks() : 5;
        int passes = (settings.warmups() != null ? settings.warmups() : 2)
                + (settings.iterations() != null ? settings.iterations() : 5) + 2;
        return Duration.ofMinutes((long) ids * (forks + 2) * passes * PASS_TIMEOUT_MINUTES);
    }

    private static List<Measured> results(Path resultFile) throws IOException {
        if (!Files.exists(resultFile)) {
            return List.of();
        }
        JobResult r = RunFile.readJson(resultFile, JobResult.class);
        return r == null ? List.of() : r.results();
    }

    /** Extracts async-profiler and starts it once per configuration; what does not work is said and skipped. */
    private RunFile.AsyncStatus prepareAsync(List<Configuration> configs) throws IOException {
        Path dir = Files.createDirectories(runDir.resolve("async-profiler"));
        Profilers.Async async = Profilers.extract(dir);
        Map<String, String> problems = new LinkedHashMap<>();
        for (Configuration c : configs) {
            String problem = async.available()
                    ? Profilers.probe(Processes.pinned(c.cpus(), List.of(Processes.java(c.jdk()))), async.lib(), dir)
                    : async.unavailable();
            if (problem != null) {
                problems.put(c.label(), problem);
                out.println("threadring: async-profiler unavailable on " + c.label() + ", profiling without it: "
                        + problem);
            }
        }
        return new RunFile.AsyncStatus(async.available() ? async.lib().toString() : null, problems);
    }

    private void log(Writer console, String line) {
        out.println(line);
        try {
            console.write(line);
            console.write('\n');
            console.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes run.json from what is known now; the caller holds the lock. */
    private void save(State state) throws IOException {
        if (stopped && state != State.INTERRUPTED) {
            return;
        }
        List<Job> all = new ArrayList<>(jobs);
        if (current != null) {
            all.add(current);
        }
        String end = state == State.RUNNING ? null : Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        run = new Run(run.schema(), run.runId(), state, run.started(), end, run.machine(), run.settings(),
                run.asyncProfiler(), run.configurations(), List.copyOf(all));
        RunFile.write(runDir, run);
    }

    /** Ctrl-C or a kill: stop the child, keep what finished, leave results/latest alone. */
    private void interrupted() {
        synchronized (lock) {
            if (finished || runDir == null) {
                return;
            }
            stopped = true;
            Processes.destroyAll();
            try {
                if (current != null) {
                    current = new Job(current.configuration(), current.benchmark(), current.ids(), current.nodes(),
                            current.hops(), Status.INTERRUPTED, "interrupted", null, results(currentResult),
                            current.tokens(), current.depth(), current.work(), current.workload(),
                            current.values());
                }
                save(State.INTERRUPTED);
                Report.write(runDir);
                System.err.println("threadring: interrupted; kept the finished part in " + runDir
                        + " (results/latest unchanged)");
            } catch (Exception e) {
                System.err.println("threadring: interrupted; could not write a partial report: " + e);
            }
        }
    }

    static Path createRunDir(Path results) throws IOException {
        return createRunDir(results, "");
    }

    /** {@code results/<prefix><UTC time>}, with a suffix if that exists already. */
    static Path createRunDir(Path results, String prefix) throws IOException {
        Files.createDirectories(results);
        String base = prefix + ZonedDateTime.now(ZoneOffset.UTC).format(RUN_ID);
        for (int n = 1; ; n++) {
            Path dir = results.resolve(n == 1 ? base : base + "-" + n);
            try {
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                // same second: try the next suffix
            }
        }
    }

    /** Replaces results/latest atomically, so it never points at a half-written run. */
    static void pointLatestAt(Path runDir) throws IOException {
        Path results = runDir.getParent();
        Path tmp = results.resolve(".latest-" + ProcessHandle.current().pid());
        Files.deleteIfExists(tmp);
        Files.createSymbolicLink(tmp, runDir.getFileName());
        Files.move(tmp, results.resolve("latest"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
