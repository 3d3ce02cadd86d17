package threadring.bench.sweep;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import threadring.bench.answer.Rankings;
import threadring.bench.data.Budget;
import threadring.bench.data.Configuration;
import threadring.bench.data.Env;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.data.Settings;
import threadring.bench.jmh.Profilers;
import threadring.bench.plan.BudgetPlan;
import threadring.bench.plan.Catalog;
import threadring.bench.plan.History;
import threadring.bench.plan.Plan;
import threadring.bench.plan.Progress;
import threadring.bench.plan.RunLog;
import threadring.bench.plan.Runner;
import threadring.bench.plan.RunnerKind;
import threadring.bench.report.Report;
import threadring.bench.rerun.estimate.RerunPairs;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.results.RunFolder;
import threadring.bench.units.Units;
import threadring.bench.util.AtomicFiles;
import threadring.bench.util.Commands;
import threadring.bench.util.Processes;
import threadring.bench.util.UsageException;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Workload;

/**
 * A sweep: for every JDK x cpu set x planned job (some ids of one model in one series), the ids
 * measured by the runner of the job's kind ({@link Runner}, one of each {@link RunnerKind} on the class
 * path: JMH's host for timed passes, {@code JmhJobs}; a load for a server, {@code EchoJobs}), each
 * admitting what this machine can measure and refusing the rest with the reason. Everything lands in
 * {@code results/<run-id>/}; run.json is rewritten after every job, and {@code results/latest}
 * moves only when the sweep ran to its end and measured something. Ctrl-C stops the child, keeps
 * what finished and writes a report marked interrupted.
 */
public final class Sweep {

    private final Request request;
    private final Settings settings;
    private final Path jar;
    private final Path home;
    private final PrintStream out;
    private final Object lock = new Object();
    private Path runDir;
    private RunLog log;
    private List<Runner<?>> runners = List.of();
    private boolean finished;

    public Sweep(Request request, Path jar, Path home, PrintStream out) {
        this.request = request;
        this.settings = request.settings();
        this.jar = jar;
        this.home = home;
        this.out = out;
    }

    /**
     * The settings with the run-to-run components its rows will carry: estimated from the earlier
     * runs in the results folder made alike on this host, else the project's default ({@code RerunPairs}).
     */
    private Settings withRerun(Env.Machine machine) throws IOException {
        List<Run> earlier = settings.scored().quick() || settings.scored().longRun() ? List.of()
                : RerunPairs.covering(request.results(), runDir.getFileName().toString(), settings,
                        machine.hostname(), machine.cpuModel());
        Rerun rerun = RerunPairs.estimate(earlier);
        out.println("threadring: intervals carry the run-to-run component of " + rerun.source());
        return settings.withScored(settings.scored().withRerun(rerun));
    }


    /** The sweep's steps: plan, admit and schedule, run every runner, render; its exit status. */
    public int run() throws IOException, InterruptedException {
        Planned planned;
        try {
            planned = plan();
        } catch (TooLong e) {
            return shortAnswer(e);
        }
        runDir = RunFolder.create(request.results());
        out.println("threadring: writing " + runDir);
        Run.AsyncStatus async = settings.profilers().contains("async")
                ? Profilers.prepare(runDir.resolve("async-profiler"), planned.configs(), out) : null;
        Run run = started(planned, async);
        try (Writer console = Files.newBufferedWriter(runDir.resolve(RunFile.CONSOLE), StandardCharsets.UTF_8)) {
            opened(run, console, planned);
            if (!measured(planned, async)) {
                return Commands.INTERRUPTED; // the hook has the last word
            }
        } catch (InterruptedException | IOException | RuntimeException e) {
            if (Processes.stopping()) {
                return Commands.INTERRUPTED; // a child killed by the interrupt: no failure to report
            }
            throw e;
        }
        return rendered();
    }

    /** The default sweep cannot fit its budget: the short answer runs instead, and says why. */
    private int shortAnswer(TooLong e) throws IOException, InterruptedException {
        Request shorter = request.shorter().get();
        out.println(String.format(Locale.ROOT, "threadring: the default sweep's mandatory part needs about %.1f minutes "
                + "here, more than --budget %d: running %s instead (%d ids: the forms the docs' answer table names "
                + "and the baselines, %d forks each, not pooled with default sweeps)", e.minutes, request.budgetMinutes(),
                Settings.SHORT_ANSWER, shorter.settings().selection().includes().size(),
                shorter.settings().scored().startForks()));
        return new Sweep(shorter, jar, home, out).run();
    }

    /** run.json's first record: the machine, the intervals' run-to-run components, the plan and its budget. */
    private Run started(Planned planned, Run.AsyncStatus async) throws IOException {
        Run run = Run.started(runDir.getFileName().toString(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                planned.machine(), withRerun(planned.machine()), async, planned.configs(), planned.shard(),
                planned.budgeting() == null ? null : planned.budgeting().budget());
        out.println("threadring: scored passes run without profilers; profiling pass: "
                + (settings.profilers().isEmpty() ? "none" : String.join(", ", settings.profilers())));
        return run;
    }

    /** The run log opened on console.log and run.json; the budget's plan and its end written first in both. */
    private void opened(Run run, Writer console, Planned planned) throws IOException {
        synchronized (lock) {
            log = new RunLog(runDir, run, console, out, request.verbose());
            log.save(Run.State.RUNNING);
        }
        if (planned.budgeting() != null) {
            Budget b = planned.budgeting().budget();
            log.log("threadring: " + BudgetPlan.describe(b) + "; expected to end about " + Instant.now().plusSeconds(
                    Math.round(b.planned() * 60)).truncatedTo(ChronoUnit.MINUTES));
        }
    }

    /** Every runner's jobs, scheduled and measured; false where an interrupt stopped them. */
    private boolean measured(Planned planned, Run.AsyncStatus async) throws IOException, InterruptedException {
        Progress progress = progress(planned);
        Thread onInterrupt = new Thread(this::interrupted, "threadring interrupt");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        schedule(planned, progress);
        measure(new Runner.Session(runDir, planned.configs(), log, progress, async, planned.budgeting()));
        if (Processes.stopping()) {
            return false;
        }
        Runtime.getRuntime().removeShutdownHook(onInterrupt);
        return true;
    }

    /**
     * What the sweep will run, decided before anything is written: the models selected, every JDK
     * and flag probed (one it refuses is a usage error, and no results/), the plans and their
     * runners, this host's slice, and the budget's plan (the mandatory part that cannot fit is a
     * usage error too).
     */
    private record Planned(List<Configuration> configs, List<Plan<?>> plans, Run.Shard shard, Env.Machine machine,
            Runner.Budgeting budgeting) {}

    private Planned plan() throws IOException, InterruptedException {
        List<Catalog.Model> selected = Catalog.select(RingFactories.load(), settings.selection().includes());
        if (selected.isEmpty()) {
            throw new UsageException("--include " + settings.selection().includes()
                    + " matches no implementation id (see 'list')");
        }
        List<Configuration> configs = Configurations.probe(request.jdks(), settings.cpus(), request.beside(), jar);
        AtomicFiles.requireWritable(request.results());
        List<Plan<?>> plans = Plan.of(selected, settings);
        if (plans.isEmpty()) {
            throw new UsageException("--include " + settings.selection().includes() + " matches no id that runs "
                    + settings.workloads().stream().map(Workload::label).toList() + " (see 'list')");
        }
        runners = RunnerKind.all(settings, jar);
        if (request.workloadsNamed()) {
            // asked for by name: a workload this machine cannot measure is a usage error (the default sweep skips it)
            for (Plan<?> p : plans) {
                runner(p).cannotRun().ifPresent(why -> {
                    throw new UsageException("--workload " + p.workload().label() + ": " + why);
                });
            }
        }
        Run.Shard shard = shard(configs, plans);
        Env.Machine machine = Env.machine(home);
        return new Planned(configs, plans, shard, machine, budgeting(configs, plans, shard, machine));
    }

    /**
     * The budget's plan ({@link BudgetPlan}) from every runner's costs, estimated from this host's
     * last alike run where there is one, printed; and the time each runner must end by: the sweep's
     * end less the report and the mandatory parts of the runners after it. Null without a budget.
     */
    private Runner.Budgeting budgeting(List<Configuration> configs, List<Plan<?>> plans, Run.Shard shard,
            Env.Machine machine) throws IOException {
        if (request.budgetMinutes() == null) {
            return null;
        }
        Optional<History> history = History.of(request.results(), machine.hostname(), machine.cpuModel(),
                settings.scored());
        Set<String> assigned = shard == null ? null : Set.copyOf(shard.items());
        List<BudgetPlan.Cost> costs = new ArrayList<>();
        Map<Class<?>, Double> mandatory = new LinkedHashMap<>();
        for (Configuration c : configs) {
            for (Plan<?> all : plans) {
                Plan<?> p = all.with(all.factories().stream().filter(f -> mine(assigned, c, all, f)).toList());
                if (!p.factories().isEmpty()) {
                    Runner.Bound<?> r = runner(p);
                    List<BudgetPlan.Cost> own = r.costs(history);
                    costs.addAll(own);
                    own.stream().filter(x -> x.kind().mandatory).forEach(x -> mandatory.merge(r.runner().kind(),
                            x.seconds(), Double::sum));
                }
            }
        }
        String basis = history.map(h -> "this host's run " + h.run().runId()).orElse("the settings (no earlier run "
                + "on this host)");
        double needed = BudgetPlan.mandatory(costs);
        if (needed > request.budgetMinutes() && request.shorter() != null) {
            throw new TooLong(needed);
        }
        Budget budget = BudgetPlan.of(request.budgetMinutes(), basis, costs);
        out.println("threadring: " + BudgetPlan.describe(budget));
        long end = System.currentTimeMillis() + request.budgetMinutes() * 60_000L - REPORT_MS;
        Map<Class<?>, Long> deadlines = new LinkedHashMap<>();
        for (int i = 0; i < runners.size(); i++) {
            double after = runners.subList(i + 1, runners.size()).stream()
                    .mapToDouble(r -> mandatory.getOrDefault(r.kind(), 0.0)).sum();
            deadlines.put(runners.get(i).kind(), end - (long) (after * MARGIN * 1000));
        }
        List<String> baselines = Units.baselines();
        return new Runner.Budgeting(budget, deadlines, baselines, List.of(Rankings.VIRTUAL));
    }

    /** The default sweep's mandatory part does not fit its budget: the short answer runs instead. */
    private static final class TooLong extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final double minutes;

        TooLong(double minutes) {
            super(null, null, false, false);
            this.minutes = minutes;
        }
    }

    /**
     * What the mandatory parts after a runner are kept as, over their estimate: the echo servers'
     * two repetitions each were estimated at 7.3 minutes in 20261207-105958 and took 9.0, so the JMH
     * host, ending at its deadline, left the sweep 0.9 minutes over its budget.
     */
    static final double MARGIN = 1.25;

    /** What rendering the report takes, kept at the end of a budget. */
    static final long REPORT_MS = 30_000;

    /** The progress line's plan: each id's estimate, and the budget's total where there is one. */
    private Progress progress(Planned planned) {
        Set<String> assigned = planned.shard() == null ? null : Set.copyOf(planned.shard().items());
        List<Progress.Item> items = new ArrayList<>();
        for (Configuration c : planned.configs()) {
            for (Plan<?> p : planned.plans()) {
                Runner.Bound<?> r = runner(p);
                p.factories().stream().filter(f -> mine(assigned, c, p, f))
                        .forEach(f -> items.add(new Progress.Item(r.estimate(), r.progress())));
            }
        }
        Progress progress = new Progress(out, items, System::nanoTime);
        if (planned.budgeting() != null) {
            progress.plan(planned.budgeting().budget().planned() * 60, planned.budgeting().budget().minutes() * 60.0);
        }
        return progress;
    }

    /** Each plan's ids to their runner, after each runner admits what it can measure here. */
    private void schedule(Planned planned, Progress progress) throws IOException {
        Set<String> assigned = planned.shard() == null ? null : Set.copyOf(planned.shard().items());
        out.println("threadring: " + planned.plans().stream().mapToLong(p -> p.factories().size()).sum()
                * planned.configs().size() + " ids to measure (" + (request.verbose() ? "JMH's output follows"
                        : "JMH's output goes to " + runDir.resolve(RunFile.CONSOLE) + "; --verbose shows it") + ")");
        for (Configuration c : planned.configs()) {
            for (Plan<?> all : planned.plans()) {
                Plan<?> p = all.with(all.factories().stream().filter(f -> mine(assigned, c, all, f)).toList());
                if (p.factories().isEmpty()) {
                    continue; // another shard's
                }
                Runner.Bound<?> r = runner(p);
                List<RingFactory> runnable = skipTooNew(c, p, r, progress);
                Optional<String> cannot = r.cannotRun();
                if (cannot.isPresent() && !runnable.isEmpty()) {
                    log.log("threadring: skipping " + p.describe() + " on " + c.label() + ": " + cannot.get());
                    for (RingFactory f : runnable) {
                        progress.finished(Plan.key(c, p, f.id()), f.id(), r.estimate(), p.size(), null,
                                "SKIP " + cannot.get());
                    }
                    log.ended(p.job(r.benchmark(), c.label(), ids(runnable), Job.Status.SKIPPED, cannot.get(), null,
                            List.of()));
                } else if (!runnable.isEmpty()) {
                    r.schedule(c, runnable);
                }
            }
        }
    }

    /** Every runner runs what it was given, one after another; the run is complete when they end. */
    private void measure(Runner.Session session) throws IOException, InterruptedException {
        for (Runner<?> r : runners) {
            for (Job j : r.run(session)) {
                log.ended(j);
            }
        }
        synchronized (lock) {
            finished = true;
            log.complete();
        }
    }

    /** The report rendered, results/latest moved where something was measured; 1 where an id failed. */
    private int rendered() throws IOException {
        Path report = RunFolder.render(runDir);
        List<Job> jobs = log.jobs();
        long failed = jobs.stream().mapToLong(j -> j.status() == Job.Status.SKIPPED ? 0 : j.failures().size()).sum();
        long limited = jobs.stream().mapToLong(j -> j.limits().size()).sum();
        if (jobs.stream().anyMatch(j -> j.results().stream().anyMatch(Measured::measured))) {
            RunFolder.pointLatestAt(runDir);
        } else {
            out.println("threadring: nothing was measured, results/latest left as it was");
        }
        out.println("threadring: report " + report + " and " + report.resolveSibling(Report.HTML));
        if (limited > 0) {
            out.println("threadring: " + limited + " id(s) cannot run here (a limit of this machine or JDK, named in "
                    + "the report): results, not failures");
        }
        if (failed > 0) {
            out.println("threadring: " + failed + " id(s) failed, see " + runDir.resolve(Report.FILE));
            return 1;
        }
        return 0;
    }

    /** {@code p} bound to the runner that measures its series. */
    private Runner.Bound<?> runner(Plan<?> p) {
        return bind(runners, p);
    }

    /**
     * {@code p} bound to the runner of {@code runners} that measures its kind of size most closely:
     * a workload's own runner (its size's own type) before JMH's (every {@code Size.Timed}).
     */
    static Runner.Bound<?> bind(List<Runner<?>> runners, Plan<?> p) {
        List<Runner.Bound<?>> fit = runners.stream().<Runner.Bound<?>>flatMap(r -> r.bind(p).stream()).toList();
        return fit.stream().filter(b -> fit.stream().allMatch(o -> o.runner().kind().isAssignableFrom(b.runner().kind())))
                .findFirst().orElseThrow(() -> new IllegalStateException((fit.isEmpty() ? "no runner measures "
                        : "runners of unrelated kinds measure ") + p.describe()));
    }

    /** Ids that need a newer JDK than the configuration's are skipped, with the reason; returns the others. */
    private List<RingFactory> skipTooNew(Configuration c, Plan<?> p, Runner.Bound<?> r, Progress progress)
            throws IOException {
        int feature = c.jvm().javaFeature();
        List<RingFactory> tooNew = p.factories().stream().filter(f -> f.minimumJavaVersion() > feature).toList();
        if (!tooNew.isEmpty()) {
            String why = tooNew.stream().map(f -> f.id() + " needs JDK " + f.minimumJavaVersion() + "+")
                    .collect(Collectors.joining(", ")) + "; this is JDK " + feature;
            log.log("threadring: skipping on " + c.label() + ": " + why);
            for (RingFactory f : tooNew) {
                progress.finished(Plan.key(c, p, f.id()), f.id(), r.estimate(), p.size(), null,
                        "SKIP " + f.id() + " needs JDK " + f.minimumJavaVersion() + "+");
            }
            log.ended(p.job(r.benchmark(), c.label(), ids(tooNew), Job.Status.SKIPPED, why, null, List.of()));
        }
        return p.factories().stream().filter(f -> !tooNew.contains(f)).toList();
    }

    private static List<String> ids(List<RingFactory> factories) {
        return factories.stream().map(RingFactory::id).toList();
    }

    /** This host's slice of the plan (--shard), or null: every item. */
    private Run.Shard shard(List<Configuration> configs, List<Plan<?>> plans) {
        if (request.shard() == null) {
            return null;
        }
        List<Shards.Item> items = new ArrayList<>();
        for (Configuration c : configs) {
            for (Plan<?> p : plans) {
                p.factories().forEach(f -> items.add(new Shards.Item(Plan.key(c, p, f.id()), runner(p).estimate())));
            }
        }
        return Shards.of(request.shard(), settings, items, out);
    }

    /** Whether this host runs that item: every item without --shard, its slice's with it. */
    private static boolean mine(Set<String> assigned, Configuration c, Plan<?> p, RingFactory f) {
        return assigned == null || assigned.contains(Plan.key(c, p, f.id()));
    }

    /** Ctrl-C or a kill: stop the child, keep what finished, leave results/latest alone. */
    private void interrupted() {
        synchronized (lock) {
            if (finished || log == null) {
                return;
            }
            Processes.destroyAll();
            try {
                List<Job> sofar = new ArrayList<>();
                for (Runner<?> r : runners) {
                    sofar.addAll(r.sofar());
                }
                log.interrupted(sofar);
                RunFolder.render(runDir);
                long kept = Stream.concat(log.jobs().stream(), log.running().stream())
                        .flatMap(j -> j.results().stream()).filter(Measured::measured).count();
                System.err.println("threadring: interrupted; kept the " + kept + " id(s) measured so far (every fork "
                        + "that ended) in " + runDir
                        + " (report.md and report.html written, run.json marked interrupted, results/latest unchanged); "
                        + "stopped the running job's processes");
            } catch (Exception e) {
                System.err.println("threadring: interrupted; could not write a partial report: " + e);
            }
        }
    }
}
