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
    /**
     * How long a JMH child waits for an iteration to end before it kills the fork and fails the id
     * (an iteration is a second here, or one pass): a deadlocked or spinning workload fails its id
     * instead of hanging the sweep. {@code --long}'s passes of 10^7 steps get longer.
     */
    static final int PASS_TIMEOUT_MINUTES = 3;
    static final int LONG_PASS_TIMEOUT_MINUTES = 30;

    /** For what only JMH's workloads have (steps per pass, a JMH benchmark's per-step score). */
    static final String NO_ECHO = "the echo server is measured by wrk in requests per second, not per step";

    /**
     * One job: some ids of one model in one series of a workload. A JMH child measures a ring of
     * {@code shape} at {@code steps} hops per pass, the rendezvous at {@code steps} values per
     * exchange (null steps: each id's own, calibrated to the run's pass length), or one fan-out
     * size; the echo servers run under wrk at {@code connections}, from this process ({@link EchoLoad}).
     */
    record Plan(String model, List<RingFactory> factories, Workload workload, Integer steps, Shape shape,
            RunFile.FanOutSize fanOut, Integer connections) {
        Plan(String model, List<RingFactory> factories, Workload workload, Integer steps, Shape shape,
                RunFile.FanOutSize fanOut) {
            this(model, factories, workload, steps, shape, fanOut, null);
        }

        List<String> ids() {
            return factories.stream().map(RingFactory::id).toList();
        }

        Plan with(List<RingFactory> others) {
            return new Plan(model, others, workload, steps, shape, fanOut, connections);
        }

        String file() {
            String size = steps == null ? "auto" : String.valueOf(steps);
            return switch (workload) {
                case RING -> model + "-" + size + "-n" + shape.nodes() + "-t" + shape.tokens() + "-d" + shape.depth()
                        + "-w" + shape.work();
                case RENDEZVOUS -> model + "-rendezvous-" + size;
                case FANOUT -> model + "-fanout-t" + fanOut.tasks() + "-d" + fanOut.delayMs() + "-w" + fanOut.work();
                case ECHO -> model + "-echo-c" + connections;
            };
        }

        /** What the console says about this job. */
        String describe() {
            String size = steps == null ? "calibrated" : String.valueOf(steps);
            return switch (workload) {
                case RING -> "ring " + shape + " hops=" + size;
                case RENDEZVOUS -> "rendezvous values=" + size;
                case FANOUT -> "fanout " + fanOut;
                case ECHO -> "echo connections=" + connections;
            };
        }

        /** A record of this job for run.json. */
        Job job(String label, List<String> ids, Status status, String reason, Integer exit, List<Measured> results) {
            return switch (workload) {
                case RING -> new Job(label, Catalog.BENCHMARK, ids, shape.nodes(), steps == null ? 0 : steps, status,
                        reason, exit, results, shape.tokens(), shape.depth(), shape.work(), Workload.RING, null);
                case RENDEZVOUS -> new Job(label, Catalog.RENDEZVOUS_BENCHMARK, ids, 0, 0, status, reason, exit,
                        results, null, null, null, Workload.RENDEZVOUS, steps);
                case FANOUT -> new Job(label, Catalog.FANOUT_BENCHMARK, ids, 0, 0, status, reason, exit, results, null,
                        null, fanOut.work(), Workload.FANOUT, null, fanOut.tasks(), fanOut.delayMs());
                case ECHO -> new Job(label, Catalog.ECHO_BENCHMARK, ids, 0, 0, status, reason, exit, results, null,
                        null, null, Workload.ECHO, null, null, null, connections);
            };
        }

        /** Seconds this plan is expected to take per id. */
        double estimate(RunFile.Settings s) {
            return workload == Workload.ECHO ? EchoLoad.Timing.of(s).estimate() : Progress.estimate(s, workload, steps);
        }
    }

    private final RunCommand.Request request;
    private final RunFile.Settings settings;
    private final Path jar;
    private final Path home;
    private final PrintStream out;
    private final Object lock = new Object();
    private final List<Job> jobs = new ArrayList<>();
    private final List<RunFile.CpuWork> cpuWork = new ArrayList<>();
    private Run run;
    /** The items of this host's slice (--shard), or null: every item. */
    private java.util.Set<String> assigned;
    private Path runDir;
    private Job current;
    private Progress progress;
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

    /**
     * The plans of every workload of the settings: the ring's, the rendezvous's, the fan-out's.
     * Without {@code --include} or {@code --all}, each workload runs its default selection
     * ({@link RingFactory#inDefaultSweep}).
     */
    static List<Plan> plan(List<Catalog.Model> selected, RunFile.Settings s) {
        boolean curated = s.includes().isEmpty() && !s.all();
        List<Plan> plans = new ArrayList<>();
        for (Workload w : s.workloadsRun()) {
            List<Catalog.Model> models = Catalog.runs(curated ? Catalog.inDefaultSweep(selected, w) : selected, w);
            switch (w) {
                case RING -> {
                    for (Shape shape : s.shapes()) {
                        models.forEach(m -> plans.add(new Plan(m.name(), m.factories(), w, s.hops(), shape, null)));
                    }
                }
                case RENDEZVOUS -> models.forEach(m -> plans.add(new Plan(m.name(), m.factories(), w, s.values(), null,
                        null)));
                case FANOUT -> {
                    for (RunFile.FanOutSize size : s.fanOuts()) {
                        models.forEach(m -> plans.add(new Plan(m.name(), m.factories(), w, null, null, size)));
                    }
                }
                case ECHO -> {
                    for (int c : s.connectionsRun()) {
                        models.forEach(m -> plans.add(new Plan(m.name(), m.factories(), w, null, null, null, c)));
                    }
                }
            }
        }
        return plans;
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
        java.util.Optional<Path> wrk = Wrk.find();
        List<Configuration> configs = configurations();
        RunFile.Shard shard = null;
        if (request.shard() != null) {
            List<Shards.Item> items = new ArrayList<>();
            for (Configuration c : configs) {
                for (Plan p : plans) {
                    p.factories().forEach(f -> items.add(new Shards.Item(key(c, p, f), p.estimate(settings))));
                }
            }
            List<String> mine = Shards.slice(items, request.shard());
            shard = new RunFile.Shard(Shards.planHash(settings, items), request.shard().index(),
                    request.shard().count(), items.size(), mine);
            if (mine.isEmpty()) {
                throw new UsageException("--shard " + request.shard() + ": the plan has " + items.size()
                        + " item(s), so slice " + request.shard().index() + " is empty; use fewer slices");
            }
            out.println("threadring: shard " + request.shard() + " of plan " + shard.plan() + ": " + mine.size()
                    + " of its " + items.size() + " items");
        }
        assigned = shard == null ? null : java.util.Set.copyOf(shard.items());

        runDir = createRunDir(request.results());
        out.println("threadring: writing " + runDir);
        RunFile.AsyncStatus async = settings.profilers().contains("async") ? prepareAsync(configs) : null;
        run = new Run(RunFile.SCHEMA, runDir.getFileName().toString(), State.RUNNING,
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), null, Env.machine(home), settings, async,
                configs, List.of(), List.of(), shard, null);
        out.println("threadring: scored passes run without profilers; profiling pass: "
                + (settings.profilers().isEmpty() ? "none" : String.join(", ", settings.profilers())));
        save(State.RUNNING);
        Path script = wrk.isPresent() && plans.stream().anyMatch(p -> p.workload() == Workload.ECHO)
                ? Wrk.script(runDir) : null;

        Thread onInterrupt = new Thread(this::interrupted, "threadring interrupt");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        List<Double> items = new ArrayList<>();
        for (Configuration c : configs) {
            for (Plan p : plans) {
                p.factories().stream().filter(f -> mine(c, p, f)).forEach(f -> items.add(p.estimate(settings)));
            }
        }
        progress = new Progress(out, items, System::nanoTime);
        out.println("threadring: " + items.size() + " ids to measure (" + (request.verbose() ? "JMH's output follows"
                : "JMH's output goes to " + runDir.resolve("console.log") + "; --verbose shows it") + ")");
        try (Writer console = Files.newBufferedWriter(runDir.resolve("console.log"), StandardCharsets.UTF_8)) {
            for (Configuration c : configs) {
                measureCpuWork(c, plans, console);
                for (Plan all : plans) {
                    Plan p = all.with(all.factories().stream().filter(f -> mine(c, all, f)).toList());
                    if (p.factories().isEmpty()) {
                        continue; // another shard's
                    }
                    // ids that need a newer JDK than this configuration's are skipped, with the reason
                    int feature = c.jvm().javaFeature();
                    List<RingFactory> tooNew = p.factories().stream().filter(f -> f.minimumJavaVersion() > feature).toList();
                    if (!tooNew.isEmpty()) {
                        String why = tooNew.stream().map(f -> f.id() + " needs JDK " + f.minimumJavaVersion() + "+")
                                .collect(java.util.stream.Collectors.joining(", ")) + "; this is JDK " + feature;
                        log(console, "threadring: skipping on " + c.label() + ": " + why);
                        for (RingFactory f : tooNew) {
                            progress.finished(c.label() + "|" + p.file() + "|" + f.id(), f.id(),
                                    p.estimate(settings), p.workload(), null,
                                    "SKIP " + f.id() + " needs JDK " + f.minimumJavaVersion() + "+");
                        }
                        synchronized (lock) {
                            jobs.add(p.job(c.label(), tooNew.stream().map(RingFactory::id).toList(), Status.SKIPPED, why,
                                    null, List.of()));
                        }
                    }
                    List<RingFactory> runnable = p.factories().stream().filter(f -> !tooNew.contains(f)).toList();
                    java.util.Optional<String> cannotLoad = p.workload() == Workload.ECHO
                            ? EchoLoad.cannotLoad(p.connections(), wrk, EchoLoad.openFilesLimit())
                            : java.util.Optional.empty();
                    if (cannotLoad.isPresent() && !runnable.isEmpty()) {
                        log(console, "threadring: skipping " + p.describe() + " on " + c.label() + ": "
                                + cannotLoad.get());
                        for (RingFactory f : runnable) {
                            progress.finished(c.label() + "|" + p.file() + "|" + f.id(), f.id(), p.estimate(settings),
                                    p.workload(), null, "SKIP " + cannotLoad.get());
                        }
                        synchronized (lock) {
                            jobs.add(p.job(c.label(), runnable.stream().map(RingFactory::id).toList(), Status.SKIPPED,
                                    cannotLoad.get(), null, List.of()));
                        }
                        continue;
                    }
                    if (runnable.isEmpty()) {
                        continue;
                    }
                    Job job = p.workload() == Workload.ECHO
                            ? runEcho(c, p.with(runnable), console, new EchoLoad(jar.toString(), c, wrk.get(), script,
                                    Files.createDirectories(runDir.resolve("jobs").resolve(c.label())),
                                    EchoLoad.Timing.of(settings), line -> log(console, line)))
                            : runJob(c, p.with(runnable), console, async);
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
        if (jobs.stream().anyMatch(j -> j.results().stream().anyMatch(Measured::measured))) {
            pointLatestAt(runDir);
        } else {
            out.println("threadring: nothing was measured, results/latest left as it was");
        }
        out.println("threadring: report " + report + " and " + report.resolveSibling(Report.HTML));
        if (failed > 0) {
            out.println("threadring: " + failed + " id(s) failed, see " + runDir.resolve("report.md"));
            return 1;
        }
        return 0;
    }

    /** The plan item of id {@code f} in series {@code p} of configuration {@code c}: what a shard is made of. */
    static String key(Configuration c, Plan p, RingFactory f) {
        return c.label() + "|" + p.file() + "|" + f.id();
    }

    /** Whether this host runs that item: every item without --shard, its slice's with it. */
    private boolean mine(Configuration c, Plan p, RingFactory f) {
        return assigned == null || assigned.contains(key(c, p, f));
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
        JmhJob.Spec spec = new JmhJob.Spec(Catalog.benchmark(p.workload()), ids, p.steps(), p.shape(), p.fanOut(),
                settings.forks(),
                settings.warmups(), settings.iterations(), settings.iterationMs(),
                settings.longRun() ? LONG_PASS_TIMEOUT_MINUTES : PASS_TIMEOUT_MINUTES,
                settings.profilers(),
                settings.profiling(), asyncLib, runDir.toString(),
                runDir.resolve("profiles").resolve(c.label()).toString(), resultFile.toString(), settings.passMs(),
                RunCommand.CALIBRATION_MS, c.label());
        RunFile.writeJson(specFile, spec);
        List<String> java = new ArrayList<>(List.of(Processes.java(c.jdk())));
        java.addAll(Processes.quietUnsafe(c.jvm().javaFeature()));
        java.addAll(List.of("-cp", jar.toString(), JmhJob.class.getName(), specFile.toString()));
        List<String> cmd = Processes.pinned(c.cpus(), java);
        synchronized (lock) {
            current = p.job(c.label(), ids, Status.RUNNING, null, null, List.of());
            currentResult = resultFile;
        }
        log(console, "threadring: [" + c.label() + "] " + ids + " " + p.describe());
        progress.job(c.label(), p.describe(), ids);
        double estimate = Progress.estimate(settings, p.workload(), p.steps());
        long[] seen = {0};
        Processes.Exit exit = Processes.stream(cmd, jobTimeout(ids.size()), line -> {
            log(console, line);
            // each id's results land in the job's file as it finishes: report them as they come
            try {
                long modified = Files.exists(resultFile) ? Files.getLastModifiedTime(resultFile).toMillis() : 0;
                if (modified != seen[0]) {
                    seen[0] = modified;
                    for (Measured m : results(resultFile)) {
                        if (m.score() == null || m.profile() != null || settings.profilers().isEmpty()) {
                            progress.finished(c.label() + "|" + p.file() + "|" + m.id(), m.id(), estimate,
                                    p.workload(), m, null);
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a file caught half-written: the next line reads it again
            }
        });
        List<Measured> results = results(resultFile);
        Status status = exit.timedOut() ? Status.TIMED_OUT : exit.status() == 0 ? Status.OK : Status.FAILED;
        String reason = exit.timedOut() ? "the JMH child did not end within " + jobTimeout(ids.size()).toHours()
                + " h and was killed"
                : exit.status() == 0 ? null : "the JMH child exited with status " + exit.status();
        if (exit.status() != 0) {
            log(console, "threadring: " + p.model() + " on " + c.label() + ": " + reason);
        }
        for (String id : ids) {
            Measured m = results.stream().filter(x -> x.id().equals(id)).findFirst().orElse(null);
            progress.finished(c.label() + "|" + p.file() + "|" + id, id, estimate, p.workload(), m,
                    m == null ? (reason != null ? reason : "no result") : null);
        }
        return p.job(c.label(), ids, status, reason,
                exit.timedOut() ? null : exit.status(), results);
    }

    /**
     * The echo servers of one plan under wrk, one id after another (each its repetitions), from
     * this process: run.json gains each id as it finishes. An id that cannot hold the plan's
     * connections here (more OS threads than the kernel allows) gets that as its failure.
     */
    private Job runEcho(Configuration c, Plan p, Writer console, EchoLoad load) throws IOException, InterruptedException {
        List<String> ids = p.ids();
        log(console, "threadring: [" + c.label() + "] " + ids + " " + p.describe() + " (wrk on cpus "
                + EchoLoad.Placement.of(c.cpus()).wrkCpus() + ", servers on " + EchoLoad.Placement.of(c.cpus())
                .serverCpus() + ")");
        progress.job(c.label(), p.describe(), ids);
        List<Measured> results = new ArrayList<>();
        synchronized (lock) {
            current = p.job(c.label(), ids, Status.RUNNING, null, null, List.of());
        }
        for (RingFactory f : p.factories()) {
            java.util.Optional<String> cannot = f.cannotOpen(p.connections());
            Measured m = cannot.isPresent() ? new Measured(f.id(), null, null, cannot.get())
                    : load.measure(f, p.connections());
            results.add(m);
            synchronized (lock) {
                current = p.job(c.label(), ids, Status.RUNNING, null, null, List.copyOf(results));
                save(State.RUNNING);
            }
            progress.finished(c.label() + "|" + p.file() + "|" + f.id(), f.id(), p.estimate(settings), p.workload(),
                    m, null);
        }
        return p.job(c.label(), ids, Status.OK, null, null, List.copyOf(results));
    }

    /**
     * Measures one consumeCPU(work) in this configuration for every work value of its fan-out
     * series (their ideal time needs it); a failure is logged and leaves the ideal unknown.
     */
    private void measureCpuWork(Configuration c, List<Plan> plans, Writer console)
            throws IOException, InterruptedException {
        List<Integer> works = plans.stream().filter(p -> p.workload() == Workload.FANOUT).map(p -> p.fanOut().work())
                .filter(w -> w > 0).distinct().sorted().toList();
        if (works.isEmpty()) {
            return;
        }
        Path dir = Files.createDirectories(runDir.resolve("jobs").resolve(c.label()));
        Path specFile = dir.resolve("cpu-work.spec.json");
        Path resultFile = dir.resolve("cpu-work.json");
        RunFile.writeJson(specFile, new CpuWorkJob.Spec(works, settings.forks(), resultFile.toString()));
        log(console, "threadring: [" + c.label() + "] consumeCPU(work) for work " + works
                + " (the fan-out's ideal time needs it)");
        out.println("threadring: measuring consumeCPU(work) on " + c.label() + " for work " + works
                + " (the fan-out's ideal time needs it)");
        List<String> java = new ArrayList<>(List.of(Processes.java(c.jdk())));
        java.addAll(Processes.quietUnsafe(c.jvm().javaFeature()));
        java.addAll(List.of("-cp", jar.toString(), CpuWorkJob.class.getName(), specFile.toString()));
        Processes.Exit exit = Processes.stream(Processes.pinned(c.cpus(), java), Duration.ofMinutes(30),
                line -> log(console, line));
        if (Files.exists(resultFile)) {
            CpuWorkJob.Measured[] measured = RunFile.readJson(resultFile, CpuWorkJob.Measured[].class);
            synchronized (lock) {
                for (CpuWorkJob.Measured m : measured) {
                    cpuWork.add(new RunFile.CpuWork(c.label(), m.work(), m.nsPerCall()));
                }
                save(State.RUNNING);
            }
        }
        if (!exit.ok()) {
            log(console, "threadring: consumeCPU(work) on " + c.label() + " failed (exit " + exit.status()
                    + "): the fan-out's ideal time stays unknown");
        }
    }

    /** A backstop far beyond any normal job: JMH's own per-pass timeout ends a hung pass first. */
    private Duration jobTimeout(int ids) {
        int forks = settings.forks() != null ? settings.forks() : 5;
        int passes = (settings.warmups() != null ? settings.warmups() : 2)
                + (settings.iterations() != null ? settings.iterations() : 5) + 2;
        return Duration.ofMinutes((long) ids * (forks + 2) * passes * LONG_PASS_TIMEOUT_MINUTES);
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

    /** A line for console.log, and for the console too with --verbose. */
    private void log(Writer console, String line) {
        if (request.verbose()) {
            out.println(line);
        }
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
                run.asyncProfiler(), run.configurations(), List.copyOf(all), List.copyOf(cpuWork), run.shard(), null);
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
                    current = current.with(Status.INTERRUPTED, "interrupted", current.workload() == Workload.ECHO
                            ? current.results() : results(currentResult));
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
