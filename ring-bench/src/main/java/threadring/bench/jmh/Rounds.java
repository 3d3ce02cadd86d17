package threadring.bench.jmh;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.math3.stat.StatUtils;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.RunnerException;
import threadring.bench.data.Budget;
import threadring.bench.data.Job;
import threadring.bench.data.Json;
import threadring.bench.data.Measured;
import threadring.bench.data.Probe;
import threadring.bench.data.Profile;
import threadring.bench.data.RunFile;
import threadring.bench.data.Score;
import threadring.bench.data.Settings;
import threadring.bench.stats.ForkSeries;
import threadring.bench.stats.Forks;
import threadring.bench.stats.Numbers;
import threadring.bench.util.Errors;
import threadring.core.RingFactories;
import threadring.core.WorkloadBenchmark;

/**
 * The JMH host of a sweep, one JVM for every configuration, started as {@code java -cp
 * benchmarks.jar threadring.bench.jmh.Rounds SPEC.json} ({@link HostSpec}). It runs every task in
 * rounds: one fork of every task per round, in an order shuffled per round from the run's seed, the
 * configurations (JDKs, cpu sets) mixed, so that a machine that slows down during a sweep slows
 * every id alike and ratios within the run stay honest. Before the rounds: the machine probes and
 * each configuration's consumeCPU costs, and each task's limits and pass size. The first
 * {@link Forks#PILOT} rounds are the pilot; then each task's fork count is planned from its pilot
 * ({@link Forks#planned}, Stein's two-stage procedure) and the rounds go on until every task has its
 * forks; the probes run again in the middle and at the end. Each fork's warm-up comes from the
 * evidence of the task's forks so far ({@link Warmup}). After the rounds: the separate profiling
 * pass of each task. Every fork's results are written as it ends (the jobs' files, JMH's JSON and
 * {@link HostSpec#STATUS}), so an interrupt keeps every finished fork.
 */
public final class Rounds {

    /** One task and what it has so far. */
    static final class TaskState {
        final HostSpec.Task task;
        final HostSpec.Config config;
        Integer steps;
        String failure;
        String limit;
        Integer planned;
        boolean calibrated;
        final List<Score.Fork> forks = new ArrayList<>();
        final List<RunResult> jmh = new ArrayList<>();
        Warmup warmup;
        Profile profile;
        /** Each fork's wall seconds, for what the next one will take. */
        final List<Double> seconds = new ArrayList<>();
        /** No optional fork more: the budget skipped one. */
        boolean closed;

        TaskState(HostSpec.Task task, HostSpec.Config config) {
            this.task = task;
            this.config = config;
        }

        boolean active() {
            return failure == null && limit == null && steps != null;
        }

        /**
         * Forks this task still needs: the pilot's until it has a plan, then the plan's; and one more
         * each round while its JVMs stand in states whose shares are not yet known, up to {@code stateCap}.
         */
        int wanted(int pilot, int stateCap) {
            if (planned == null) {
                return pilot;
            }
            if (closed) {
                return Math.min(forks.size(), planned);
            }
            List<Double> levels = levels();
            if (forks.size() < stateCap && Forks.split(levels) && !Forks.sharesKnown(levels)) {
                return Math.max(planned, forks.size() + 1);
            }
            return planned;
        }

        /** Each fork's steady level so far, judged on the task's noise. */
        List<Double> levels() {
            List<ForkSeries> series = forks.stream().map(f -> f.series(steps)).toList();
            double noise = ForkSeries.noise(series);
            return series.stream().map(f -> f.steady(noise).level()).toList();
        }
    }

    private final HostSpec spec;
    private final Map<String, TaskState> tasks = new LinkedHashMap<>();
    private final Probes probes;
    private int round;
    private String phase = "starting";
    /** The most forks a row in states gets (set when the rounds start). */
    private int stateCap;
    /** The budget's grants and the time left against it. */
    private final Allowance allowance;
    /** What the end probes take, kept after the rounds. */
    static final double END_PROBES_S = 10;
    /** A fork's seconds before any fork has run: about the default sweep's later forks. */
    static final double FORK_S = 8;

    Rounds(HostSpec spec) {
        this.spec = spec;
        for (HostSpec.Task t : spec.tasks()) {
            HostSpec.Config c = spec.configurations().stream().filter(x -> x.label().equals(t.configuration()))
                    .findFirst().orElseThrow(() -> new IllegalArgumentException("no configuration " + t.configuration()));
            tasks.put(t.key(), new TaskState(t, c));
        }
        this.probes = new Probes(spec);
        this.allowance = new Allowance(spec.grants(), System::currentTimeMillis);
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: Rounds SPEC.json (started by the sweep)");
            System.exit(2);
        }
        Rounds host = new Rounds(Json.read(Path.of(args[0]), HostSpec.class));
        System.exit(host.run() ? 0 : 1);
    }

    boolean run() throws IOException {
        int pilot = spec.scored().startForks();
        int cap = Math.max(pilot, spec.scored().maxForks());
        stateCap = Math.max(cap, spec.scored().stateCap());
        writeStatus();
        if (spec.probes()) {
            probes.run(Probe.START);
        }
        probes.cpuWork();
        calibrate();
        writeAll();
        boolean middle = rounds(pilot, cap);
        if (spec.probes()) {
            if (!middle) {
                probes.run(Probe.MIDDLE);
            }
            probes.run(Probe.END);
        }
        if (!spec.profilers().isEmpty()) {
            profilingPasses();
        }
        Json.write(Path.of(spec.runDir()).resolve(RunFile.JOBS).resolve(HostSpec.OUTCOME),
                allowance.outcome().toArray(new Budget.Ran[0]));
        phase = "done";
        writeStatus();
        return tasks.values().stream().allMatch(s -> s.failure == null);
    }

    /** Each task's pass size, limit or failure and its warm-up, from the calibrations of every task. */
    private void calibrate() throws IOException {
        phase = "calibrating";
        writeStatus();
        Map<String, Calibrations.Outcome> calibrated = new Calibrations(spec,
                id -> Stream.concat(RingFactories.load().require(id).jvmArgs().stream(),
                        spec.scored().extraJvmArgs().stream()).toList()).all(spec.tasks());
        for (TaskState s : tasks.values()) {
            Calibrations.Outcome o = calibrated.get(s.task.key());
            s.steps = o.steps();
            s.failure = o.failure();
            s.limit = o.limit();
            s.calibrated = true;
            int least = Warmup.cap(RingFactories.load().require(s.task.id()).warmupMs(s.task.size().workload()),
                    iterationMs(), o.operationNanos());
            s.warmup = spec.scored().settleMs() == null ? Warmup.fixed(warmups())
                    : Warmup.evidence(Math.max(warmups(), least),
                            Math.max(least, Warmup.cap(spec.scored().settleMs(), iterationMs(), o.operationNanos())));
            if (s.limit != null) {
                System.out.println("threadring: " + s.task.id() + " cannot run here: " + s.limit);
            }
        }
    }

    /**
     * The rounds until every task has its forks, planning each task's count after its pilot; whether
     * the middle probes ran (or are not wanted).
     */
    private boolean rounds(int pilot, int cap) throws IOException {
        Random random = new Random(spec.seed());
        boolean middle = !spec.probes();
        phase = "rounds";
        for (round = 1; ; round++) {
            List<TaskState> due = new ArrayList<>(tasks.values().stream()
                    .filter(s -> s.active() && s.forks.size() < s.wanted(pilot, stateCap)).toList());
            due = allowed(due, pilot);
            if (due.isEmpty()) {
                break;
            }
            Collections.shuffle(due, random);
            System.out.println("threadring: round " + round + ": " + due.size() + " fork(s), in a shuffled order");
            for (TaskState s : due) {
                fork(s);
                if (s.active() && s.planned == null && s.forks.size() >= pilot) {
                    s.planned = pilot == cap ? pilot : Forks.planned(s.levels(), spec.scored().precision() / 100.0, cap);
                    if (s.planned > pilot) {
                        System.out.println("threadring: " + s.task.id() + ": " + s.planned + " forks planned from "
                                + "its pilot of " + pilot);
                    }
                }
                writeStatus();
            }
            if (!middle && round >= pilot) {
                probes.run(Probe.MIDDLE);
                middle = true;
            }
        }
        return middle;
    }

    /** The profiling pass of each task it takes, as far as the budget allows. */
    private void profilingPasses() throws IOException {
        phase = "profiling";
        for (TaskState s : profiled()) {
            if (allowance.fits(Budget.Kind.PROFILING, profileSeconds(), END_PROBES_S)) {
                ProfilingPass pass = new ProfilingPass(spec, s.config, s.task,
                        () -> OneFork.options(spec, s.config, s.task, s.steps));
                s.profile = pass.run();
                RunResult result = pass.result();
                if (result != null && !s.jmh.isEmpty()) {
                    addProfile(s.jmh.get(0), result);
                }
                writeJob(s.task.configuration(), s.task.job());
            }
        }
    }

    /**
     * The round's due forks the budget allows: every pilot fork; of the optional ones (a fifth fork
     * its pilot planned, a row in states beyond its plan) those that fit before the deadline with the
     * pilot forks still to run and what follows the rounds. A task whose optional fork is skipped
     * gets none more.
     */
    private List<TaskState> allowed(List<TaskState> due, int pilot) {
        List<TaskState> optional = due.stream().filter(s -> s.planned != null && s.forks.size() >= pilot).toList();
        if (optional.isEmpty()) {
            return due;
        }
        double owed = tasks.values().stream().filter(TaskState::active)
                .mapToDouble(s -> Math.max(0, pilot - s.forks.size()) * seconds(s)).sum() + END_PROBES_S
                + (allowance.granted(Budget.Kind.PROFILING) && !spec.profilers().isEmpty()
                        ? profiled().size() * profileSeconds() : 0);
        Set<String> granted = allowance.grant(optional.stream().map(s -> new Allowance.Candidate(s.task.key(),
                s.forks.size() < s.planned ? Budget.Kind.FIFTH_FORKS
                        : Budget.Kind.STATE_FORKS, spread(s), seconds(s))).toList(), owed);
        List<TaskState> out = new ArrayList<>();
        for (TaskState s : due) {
            if (!optional.contains(s) || granted.contains(s.task.key())) {
                out.add(s);
            } else {
                s.closed = true;
                System.out.println("threadring: " + s.task.id() + ": no more forks, the budget's time is spoken for");
            }
        }
        return out;
    }

    /** What a task's next fork will take: its own forks' median, else every task's, else {@link #FORK_S}. */
    private double seconds(TaskState s) {
        List<Double> own = s.seconds.size() > 1 ? s.seconds.subList(1, s.seconds.size()) : s.seconds;
        if (!own.isEmpty()) {
            return Numbers.median(own.stream().mapToDouble(Double::doubleValue));
        }
        double all = Numbers.median(tasks.values().stream().flatMap(t -> t.seconds.stream())
                .mapToDouble(Double::doubleValue));
        return Double.isFinite(all) ? all : FORK_S;
    }

    /** The spread of a task's fork levels: the sd of their logarithms (0 with fewer than two). */
    private static double spread(TaskState s) {
        double[] logs = s.levels().stream().mapToDouble(Math::log).toArray();
        return logs.length < 2 ? 0 : Math.sqrt(StatUtils.variance(logs));
    }

    /** What one profiling pass takes: its JVM, its warm-up and measured iterations. */
    private double profileSeconds() {
        Settings.Profiling p = spec.profiling();
        double iteration = (p.iterationMs() != null ? p.iterationMs() : 1000) / 1000.0;
        return p.forks() * (3 + (p.warmups() + p.iterations()) * iteration);
    }

    /**
     * The tasks the profiling pass takes: every one with forks; under a budget ({@code leadersOnly}),
     * per configuration and series each of the {@link #LEADERS} fastest models' fastest task, the
     * baselines and the fastest task of the models named (those the answer's why sets the leader beside).
     */
    private List<TaskState> profiled() {
        List<TaskState> measured = tasks.values().stream().filter(s -> s.active() && !s.forks.isEmpty()).toList();
        if (!allowance.grants().leadersOnly()) {
            return measured;
        }
        Map<String, List<TaskState>> bySeries = new LinkedHashMap<>();
        measured.forEach(s -> bySeries.computeIfAbsent(s.task.configuration() + "|" + s.task.size(),
                k -> new ArrayList<>()).add(s));
        List<TaskState> out = new ArrayList<>();
        for (List<TaskState> series : bySeries.values()) {
            Map<String, TaskState> fastest = new LinkedHashMap<>();
            series.stream().sorted(Comparator.comparingDouble(Rounds::level))
                    .forEach(s -> fastest.putIfAbsent(model(s), s));
            List<TaskState> models = List.copyOf(fastest.values());
            for (int i = 0; i < models.size(); i++) {
                TaskState s = models.get(i);
                if (i < LEADERS || allowance.grants().models().contains(model(s))) {
                    out.add(s);
                }
            }
            series.stream().filter(s -> allowance.grants().baselines().contains(s.task.id()) && !out.contains(s))
                    .forEach(out::add);
        }
        return out;
    }

    /** Models per series whose fastest form the profiling pass of a budgeted sweep takes. */
    static final int LEADERS = 3;

    private static String model(TaskState s) {
        return s.task.id().substring(0, s.task.id().indexOf('/'));
    }

    /** A task's level: the median of its forks' levels. */
    private static double level(TaskState s) {
        return Numbers.median(s.levels().stream().mapToDouble(Double::doubleValue));
    }

    /** One scored fork of a task; a failure ends the task (it is broken, or hangs). */
    private void fork(TaskState s) throws IOException {
        int warmups = s.warmup.next();
        String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        long begin = System.nanoTime();
        try {
            OneFork.Outcome o = OneFork.run(spec, s.config, s.task, s.steps, warmups, round, started);
            s.seconds.add((System.nanoTime() - begin) / 1e9);
            s.forks.add(o.fork());
            s.jmh.add(o.result());
            s.warmup.observe(o.fork().series(s.steps).steady(ForkSeries.noise(
                    s.forks.stream().map(f -> f.series(s.steps)).toList())));
        } catch (RunnerException | RuntimeException e) {
            s.failure = Errors.describe(e);
            System.out.println("threadring: " + s.task.id() + " failed: " + s.failure);
        }
        writeJob(s.task.configuration(), s.task.job());
    }

    private int warmups() {
        return spec.scored().warmups() != null ? spec.scored().warmups() : WorkloadBenchmark.WARMUP_SECONDS;
    }

    private int iterationMs() {
        return spec.scored().iterationMs() != null ? spec.scored().iterationMs() : 1000;
    }

    /** A task's result as run.json keeps it: its forks so far, or why it failed, or why it cannot run. */
    private Measured measured(TaskState s) {
        if (s.limit != null) {
            return Measured.limited(s.task.id(), s.limit);
        }
        if (s.failure != null || s.forks.isEmpty()) {
            return Measured.failed(s.task.id(), s.failure != null ? s.failure : "no fork ran");
        }
        int pilot = spec.scored().startForks();
        Integer planned = pilot < spec.scored().maxForks() && s.forks.size() >= pilot ? Integer.valueOf(pilot) : null;
        Score.Passes p = new Score.Passes(s.task.size().benchmark(), s.steps,
                List.copyOf(s.jmh.get(0).getParams().getJvmArgs()), iterationMs(), planned, List.copyOf(s.forks));
        Measured m = Measured.scored(s.task.id(), p);
        return s.profile == null ? m : m.withProfile(s.profile);
    }

    private void writeAll() throws IOException {
        for (TaskState s : tasks.values()) {
            writeJob(s.task.configuration(), s.task.job());
        }
        writeStatus();
    }

    /** One job's file (every id of it, as far as each got) and its JMH JSON. */
    private void writeJob(String configuration, String job) throws IOException {
        List<TaskState> of = tasks.values().stream().filter(s -> s.task.configuration().equals(configuration)
                && s.task.job().equals(job)).toList();
        Path dir = Files.createDirectories(Path.of(spec.runDir()).resolve(RunFile.JOBS).resolve(configuration));
        Json.write(dir.resolve(job + ".json"), new Job.Result(of.get(0).task.size().benchmark(),
                of.stream().map(this::measured).toList()));
        // the java the forks ran as a run records paths: none of the checkout's absolute
        Path results = Path.of(spec.runDir()).toAbsolutePath().normalize().getParent();
        List<RunResult> jmh = of.stream().filter(s -> !s.jmh.isEmpty())
                .map(s -> MoreForks.withJvm(MoreForks.merge(s.jmh), p -> RunFile.shown(results, p))).toList();
        Path file = dir.resolve(job + RunFile.JMH_SUFFIX);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (PrintStream out = new PrintStream(Files.newOutputStream(tmp), true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(jmh);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private void writeStatus() throws IOException {
        List<HostSpec.TaskStatus> list = tasks.values().stream().map(s -> new HostSpec.TaskStatus(s.task.key(),
                s.task.configuration(), s.task.job(), s.task.id(), s.forks.size(), s.planned,
                s.calibrated && (!s.active() || s.planned != null
                        && s.forks.size() >= s.wanted(spec.scored().startForks(), stateCap)),
                s.failure != null ? s.failure : s.limit)).toList();
        Json.write(Path.of(spec.runDir()).resolve(RunFile.JOBS).resolve(HostSpec.STATUS),
                new HostSpec.Status(round, phase, list));
    }

    /**
     * The profiling pass's secondary metrics (gc.alloc.rate.norm, gc.time, ...) added to the scored
     * result, as JMH adds a profiler's benchmark-level results, so that JMH's JSON carries them
     * beside the scored iterations they did not disturb.
     */
    private static void addProfile(RunResult scored, RunResult profiled) {
        if (scored.getBenchmarkResults().isEmpty()) {
            return;
        }
        var first = scored.getBenchmarkResults().iterator().next();
        profiled.getAggregatedResult().getSecondaryResults().values().forEach(first::addBenchmarkResult);
    }
}
