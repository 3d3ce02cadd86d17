package threadring.bench.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import threadring.bench.data.Budget;
import threadring.bench.data.Configuration;
import threadring.bench.data.CpuWork;
import threadring.bench.data.Job;
import threadring.bench.data.Json;
import threadring.bench.data.Measured;
import threadring.bench.data.Presets;
import threadring.bench.data.Probe;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.data.Settings;
import threadring.bench.plan.BudgetPlan;
import threadring.bench.plan.History;
import threadring.bench.plan.Plan;
import threadring.bench.plan.Progress;
import threadring.bench.plan.RunLog;
import threadring.bench.plan.Runner;
import threadring.bench.plan.RunnerKind;
import threadring.bench.util.Processes;
import threadring.core.Size;
import threadring.core.WorkloadBenchmark;

/**
 * The JMH side of a sweep: one host JVM ({@link Rounds}) runs every JMH job of every configuration
 * in rounds, each configuration's forks starting through its own JDK's java, pinned with taskset
 * by a small script when the configuration has a cpu set; then each job is folded into run.json.
 * Each id's result is reported as its last fork lands.
 */
public final class JmhJobs implements Runner<Size.Timed> {

    /**
     * How long a fork waits for an iteration to end before the host kills it and fails the id (an
     * iteration is a second here, or one pass): a deadlocked or spinning workload fails its id
     * instead of hanging the sweep. {@code --long}'s passes of 10^7 steps get longer.
     */
    static final int PASS_TIMEOUT_MINUTES = 3;
    static final int LONG_PASS_TIMEOUT_MINUTES = 30;

    /** A JMH job of one configuration: a plan narrowed to the ids this run measures there. */
    record Scheduled(Configuration configuration, Plan<Size.Timed> plan) {}

    private final Settings settings;
    private final Path jar;
    private final long seed;
    private final List<Scheduled> jobs = new ArrayList<>();
    private Path runDir;
    private RunLog log;
    private Progress progress;
    private List<Scheduled> running = List.of();

    /** The runner kind of JMH's timed passes, for every {@code Size.Timed} workload (META-INF/services). */
    public static final class Kind implements RunnerKind {
        @Override
        public Runner<?> runner(Settings settings, Path jar) {
            return new JmhJobs(settings, jar, settings.seed());
        }
    }

    public JmhJobs(Settings settings, Path jar, long seed) {
        this.settings = settings;
        this.jar = jar;
        this.seed = seed;
    }

    @Override
    public Class<Size.Timed> kind() {
        return Size.Timed.class;
    }

    @Override
    public String benchmark(Plan<Size.Timed> plan) {
        return plan.size().benchmark();
    }

    @Override
    public double estimate(Plan<Size.Timed> plan) {
        return Progress.estimate(settings, plan.size(), plan.steps());
    }

    @Override
    public String progress() {
        return PHASE;
    }

    /** The progress line's name for its forks. */
    static final String PHASE = "JMH host";

    @Override
    public void schedule(Configuration c, Plan<Size.Timed> plan) {
        jobs.add(new Scheduled(c, plan));
    }

    /** Runs every job (and the machine probes, with none) in one host; their jobs as run.json keeps them. */
    @Override
    public List<Job> run(Session session) throws IOException, InterruptedException {
        runDir = session.runDir();
        log = session.log();
        progress = session.progress();
        List<Configuration> configs = session.configs();
        Run.AsyncStatus async = session.async();
        Path dir = Files.createDirectories(runDir.resolve(RunFile.JOBS));
        List<HostSpec.Config> hostConfigs = hostConfigs(configs);
        List<HostSpec.Task> tasks = new ArrayList<>();
        Map<String, Scheduled> byTask = new HashMap<>();
        addTasks(tasks, byTask);
        HostSpec spec = spec(session, async, hostConfigs, tasks);
        Path specFile = dir.resolve("rounds.spec.json");
        Json.write(specFile, spec);
        running = List.copyOf(jobs);
        Processes.Exit exit = runHost(specFile, dir, tasks.size(), byTask);
        // the spec and the taskset scripts are the host's input, with this machine's paths: not results
        Files.deleteIfExists(specFile);
        for (Configuration c : configs) {
            Files.deleteIfExists(dir.resolve(c.label()).resolve("java"));
        }
        String reason = exit.timedOut() ? "the JMH host did not end within " + timeout(tasks.size()).toHours()
                + " h and was killed" : exit.status() == 0 ? null : "the JMH host exited with status " + exit.status();
        if (reason != null) {
            log.log("threadring: " + reason);
        }
        machine();
        Path outcome = dir.resolve(HostSpec.OUTCOME);
        if (Files.exists(outcome)) {
            log.ran(List.of(Json.read(outcome, Budget.Ran[].class)));
            Files.delete(outcome);
        }
        List<Job> done = finished(exit, reason);
        running = List.of();
        return done;
    }

    /** Each configuration as the host starts its JVMs: its java (under taskset where it has a cpu set) and flags. */
    private List<HostSpec.Config> hostConfigs(List<Configuration> configs) throws IOException {
        List<HostSpec.Config> hostConfigs = new ArrayList<>();
        for (Configuration c : configs) {
            hostConfigs.add(new HostSpec.Config(c.label(), java(c), c.jvm().javaFeature(), c.jvm().availableProcessors(),
                    c.flags()));
        }
        return hostConfigs;
    }

    /** Adds each job's ids to {@code tasks}, keyed in {@code byTask} to their job, and logs the job as running. */
    private void addTasks(List<HostSpec.Task> tasks, Map<String, Scheduled> byTask) throws IOException {
        for (Scheduled s : jobs) {
            Size.Timed size = s.plan().size();
            for (String id : s.plan().ids()) {
                HostSpec.Task t = new HostSpec.Task(s.configuration().label(), s.plan().file(), size, s.plan().steps(), id);
                tasks.add(t);
                byTask.put(t.key(), s);
            }
            log.running(s.plan().job(benchmark(s.plan()), s.configuration().label(), s.plan().ids(), Job.Status.RUNNING, null, null, List.of()));
        }
    }

    /** What the host is told to run: every task, the settings, the budget's grants and consumeCPU's works. */
    private HostSpec spec(Session session, Run.AsyncStatus async, List<HostSpec.Config> hostConfigs,
            List<HostSpec.Task> tasks) {
        String asyncLib = async == null || async.library() == null ? null : async.library();
        // an ideal time needs consumeCPU(work)'s cost, for every work a series of the run has (the fan-out's)
        List<Integer> works = jobs.stream().map(s -> s.plan().size().cpuWork()).filter(w -> w > 0).distinct().sorted()
                .toList();
        return new HostSpec(runDir.toString(), seed, hostConfigs, tasks, settings.scored(),
                settings.scored().longRun() ? LONG_PASS_TIMEOUT_MINUTES : PASS_TIMEOUT_MINUTES, settings.profilers(),
                settings.profiling(), asyncLib, Presets.CALIBRATION_MS, settings.scored().counters(), true, works,
                grants(session));
    }

    /** Runs the host JVM to its end, reporting each id as the host's status says it is done. */
    private Processes.Exit runHost(Path specFile, Path dir, int taskCount, Map<String, Scheduled> byTask)
            throws IOException, InterruptedException {
        List<String> java = new ArrayList<>(List.of(Processes.java(System.getProperty("java.home"))));
        java.addAll(Processes.quietUnsafe(Runtime.version().feature()));
        java.addAll(List.of("-cp", jar.toString(), Rounds.class.getName(), specFile.toString()));
        log.log("threadring: the JMH host runs " + taskCount + " id-series in rounds (seed " + seed + ")");
        Path status = dir.resolve(HostSpec.STATUS);
        Set<String> reported = new HashSet<>();
        long[] seen = {0};
        return Processes.stream(java, timeout(taskCount), line -> {
            log.log(line);
            try {
                long modified = Files.exists(status) ? Files.getLastModifiedTime(status).toMillis() : 0;
                if (modified != seen[0]) {
                    seen[0] = modified;
                    report(Json.read(status, HostSpec.Status.class), byTask, reported);
                }
            } catch (IOException | RuntimeException e) {
                // a file caught half-written: the next line reads it again
            }
        });
    }

    /** Each job as run.json keeps it, each of its ids reported as finished; {@code reason}: why the host failed. */
    private List<Job> finished(Processes.Exit exit, String reason) throws IOException {
        List<Job> done = new ArrayList<>();
        for (Scheduled s : jobs) {
            List<Measured> results = results(s);
            for (String id : s.plan().ids()) {
                Measured m = results.stream().filter(x -> x.id().equals(id)).findFirst().orElse(null);
                progress.finished(Plan.key(s.configuration(), s.plan(), id), id, estimate(s.plan()),
                        s.plan().size(), m, m == null ? (reason != null ? reason : "no result") : null);
            }
            Job.Status st = exit.timedOut() ? Job.Status.TIMED_OUT : results.stream().anyMatch(m -> m.error() != null)
                    || exit.status() != 0 ? Job.Status.FAILED : Job.Status.OK;
            done.add(s.plan().job(benchmark(s.plan()), s.configuration().label(), s.plan().ids(), st, reason,
                    exit.timedOut() ? null : exit.status(), results));
        }
        return done;
    }

    /**
     * What the session's budget grants the host: its deadline, the optional forks and the profiling
     * pass, which under a budget takes each series' leaders, the workloads' baselines and the models
     * the answer sets them beside; everything where there is no budget.
     */
    static HostSpec.Grants grants(Session session) {
        if (session.budget() == null) {
            return HostSpec.Grants.ALL;
        }
        return new HostSpec.Grants(session.deadline(Size.Timed.class), session.granted(Budget.Kind.FIFTH_FORKS),
                session.granted(Budget.Kind.STATE_FORKS), session.granted(Budget.Kind.PROFILING), true,
                session.baselines(), session.besideModels());
    }

    /** Seconds a JVM start and setup adds to a fork's iterations where no earlier run says (0.8 s measured on Intel). */
    static final double FORK_OVERHEAD_S = 1.0;
    /** Warm-up iterations a later fork takes where no earlier run says (the evidence: a median of 8-18 here). */
    static final int LATER_WARMUPS = 12;
    /** Seconds per id before the first fork (host start, probes, calibration: 2.2 s AMD, 3.4 s Intel). */
    static final double BEFORE_FORKS_S = 3.5;
    /** The share of ids whose pilot plans a fifth fork (AMD 0.6-0.7 of the ids, Intel about 0.9). */
    static final double FIFTH_SHARE = 0.8;
    /** Forks a row gets beyond its plan for its states, per id on average (0.1-0.2 in the default sweeps). */
    static final double STATE_FORKS_PER_ID = 0.2;
    /** The share of ids a budgeted profiling pass takes (each series' leaders, baseline and virtual threads). */
    static final double PROFILED_SHARE = 0.4;

    /**
     * Each id's pilot (its calibration, first fork with the settle, three later forks), its expected
     * fifth and state forks, and its share of the profiling pass: from this host's last alike run
     * where it measured the id, else from the settings.
     */
    @Override
    public List<BudgetPlan.Cost> costs(Plan<Size.Timed> plan, Optional<History> history) {
        Settings.Scored s = settings.scored();
        String w = plan.workload().label();
        double iteration = (s.iterationMs() != null ? s.iterationMs() : 1000) / 1000.0;
        int measured = s.iterations() != null ? s.iterations() : WorkloadBenchmark.MEASURED_SECONDS;
        double firstDefault = FORK_OVERHEAD_S + (s.settleMs() != null ? s.settleMs() / 1000.0 : 0) + measured * iteration;
        double laterDefault = FORK_OVERHEAD_S + (LATER_WARMUPS + measured) * iteration;
        int pilot = s.startForks();
        double mandatory = 0;
        double fifth = 0;
        double states = 0;
        for (String id : plan.ids()) {
            double first = history.flatMap(h -> boxed(h.firstFork(w, id))).orElse(firstDefault);
            double later = history.flatMap(h -> boxed(h.laterFork(w, id))).orElse(laterDefault);
            mandatory += history.flatMap(h -> boxed(h.beforeForksPerTask())).orElse(BEFORE_FORKS_S) + first
                    + (pilot - 1) * later;
            fifth += s.maxForks() > pilot ? history.flatMap(h -> boxed(h.shareWithAtLeast(w, pilot + 1)))
                    .orElse(FIFTH_SHARE) * later : 0;
            states += s.stateCap() > s.maxForks() ? history.flatMap(h -> boxed(h.beyond(w, s.maxForks())))
                    .orElse(STATE_FORKS_PER_ID) * later : 0;
        }
        Settings.Profiling p = settings.profiling();
        double profiling = settings.profilers().isEmpty() ? 0 : plan.ids().size() * PROFILED_SHARE * p.forks()
                * (3 + (p.warmups() + p.iterations()) * (p.iterationMs() != null ? p.iterationMs() / 1000.0 : 1));
        return List.of(new BudgetPlan.Cost(Budget.Kind.MANDATORY, w, mandatory),
                new BudgetPlan.Cost(Budget.Kind.FIFTH_FORKS, w, fifth),
                new BudgetPlan.Cost(Budget.Kind.STATE_FORKS, w, states),
                new BudgetPlan.Cost(Budget.Kind.PROFILING, w, profiling));
    }

    private static Optional<Double> boxed(OptionalDouble d) {
        return d.isPresent() ? Optional.of(d.getAsDouble()) : Optional.empty();
    }

    /**
     * The forks the JMH host will have run in all, as far as it is known: a finished task's, else its
     * plan (the pilot's before it has one), and one more than it has where its JVMs split into states
     * and it keeps adding forks past its plan (a sweep read "229 of ~211 forks" when only plans counted).
     */
    static int expectedForks(List<HostSpec.TaskStatus> tasks, int startForks) {
        return tasks.stream().mapToInt(t -> t.done() ? t.forks()
                : Math.max(t.forks() + (t.planned() != null && t.forks() >= t.planned() ? 1 : 0),
                        t.planned() != null ? t.planned() : startForks)).sum();
    }

    /** The lines of the ids that are done and not yet said. */
    private void report(HostSpec.Status status, Map<String, Scheduled> byTask, Set<String> reported)
            throws IOException {
        progress.phase(PHASE, status.tasks().stream().mapToInt(HostSpec.TaskStatus::forks).sum(),
                expectedForks(status.tasks(), settings.scored().startForks()), "forks");
        if (reported.add("round " + status.round() + " " + status.phase())) {
            progress.round(status.round(), status.phase(), status.tasks().stream().mapToInt(HostSpec.TaskStatus::forks)
                    .sum(), status.tasks().size());
        }
        for (HostSpec.TaskStatus t : status.tasks()) {
            if (t.done() && reported.add(t.key())) {
                Scheduled s = byTask.get(t.key());
                Measured m = results(s).stream().filter(x -> x.id().equals(t.id())).findFirst().orElse(null);
                progress.finished(Plan.key(s.configuration(), s.plan(), t.id()), t.id(), estimate(s.plan()),
                        s.plan().size(), m, m == null ? t.failure() : null);
            }
        }
    }

    /** Every running job's results so far (after an interrupt: every fork that ended). */
    @Override
    public List<Job> sofar() throws IOException {
        if (running.isEmpty()) {
            return List.of();
        }
        machine();
        List<Job> sofar = new ArrayList<>();
        for (Scheduled s : running) {
            sofar.add(s.plan().job(benchmark(s.plan()), s.configuration().label(), s.plan().ids(),
                    Job.Status.INTERRUPTED, "interrupted", null, results(s)));
        }
        return sofar;
    }

    private List<Measured> results(Scheduled s) throws IOException {
        Path file = runDir.resolve(RunFile.JOBS).resolve(s.configuration().label()).resolve(s.plan().file() + ".json");
        if (!Files.exists(file)) {
            return List.of();
        }
        Job.Result r = Json.read(file, Job.Result.class);
        return r == null ? List.of() : r.results();
    }

    /** The machine probes and consumeCPU's costs the host measured, into run.json. */
    private void machine() throws IOException {
        Path dir = runDir.resolve(RunFile.JOBS);
        if (Files.exists(dir.resolve(HostSpec.PROBES))) {
            log.probes(List.of(Json.read(dir.resolve(HostSpec.PROBES), Probe[].class)));
        }
        if (Files.exists(dir.resolve(HostSpec.CPU_WORK))) {
            log.cpuWork(List.of(Json.read(dir.resolve(HostSpec.CPU_WORK), CpuWork[].class)));
        }
    }

    /** The command a configuration's JVMs start with: its JDK's java, under taskset when it has a cpu set. */
    private Path javaScript(Configuration c) throws IOException {
        Path script = Files.createDirectories(runDir.resolve(RunFile.JOBS).resolve(c.label())).resolve("java");
        Files.writeString(script, "#!/bin/sh\n# " + c.label() + ": JVMs of this configuration start here\nexec taskset -c "
                + c.cpus() + " '" + Processes.java(c.jdk()).replace("'", "'\\''") + "' \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    private String java(Configuration c) throws IOException {
        return c.cpus() == null ? Processes.java(c.jdk()) : javaScript(c).toString();
    }

    /** A backstop far beyond any normal run: each fork's own watchdog ends a hung fork first. */
    private Duration timeout(int tasks) {
        Settings.Scored s = settings.scored();
        int forks = Math.max(s.startForks(), s.maxForks());
        int iterations = 40 + (s.iterations() != null ? s.iterations() : 5);
        return Duration.ofMinutes(30 + (long) (tasks + 1) * (forks + 2) * iterations
                * (s.longRun() ? LONG_PASS_TIMEOUT_MINUTES : 1));
    }
}
