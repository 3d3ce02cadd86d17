package threadring.bench.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import threadring.bench.data.Budget;
import threadring.bench.data.Configuration;
import threadring.bench.data.Job;
import threadring.bench.data.Run;
import threadring.core.RingFactory;
import threadring.core.Size;

/**
 * One kind of measurement in a sweep: JMH's timed passes ({@code jmh.JmhJobs}) or a load against a
 * server ({@code echo.EchoJobs}), typed on the kind of size it measures. Each says whether this machine
 * can measure a plan (its admission: "cannot run here", with the reason), what a plan's ids cost in
 * time, and runs what it was given; the sweep binds each plan to the runner of its kind
 * ({@link #bind}) and never asks a size's kind itself.
 */
public interface Runner<S extends Size> {

    /**
     * What a runner runs with, once the run folder, its log and its progress exist: and the sweep's
     * budget ({@code budgeting} null: none, every optional part runs).
     */
    record Session(Path runDir, List<Configuration> configs, RunLog log, Progress progress, Run.AsyncStatus async,
            Budgeting budgeting) {

        /** A session with no budget. */
        public Session(Path runDir, List<Configuration> configs, RunLog log, Progress progress, Run.AsyncStatus async) {
            this(runDir, configs, log, progress, async, null);
        }

        /** The budget's plan, or null. */
        public Budget budget() {
            return budgeting == null ? null : budgeting.budget();
        }

        /** Whether a kind of optional part may run at all (no budget: every one). */
        public boolean granted(Budget.Kind kind) {
            return budgeting == null || budgeting.budget().granted(kind);
        }

        /** The time the runner of {@code kind} must end by, epoch milliseconds; null where there is no budget. */
        public Long deadline(Class<?> kind) {
            return budgeting == null ? null : budgeting.deadlines().get(kind);
        }

        /** The workloads' baseline ids, which a budgeted profiling pass takes beside each series' leaders. */
        public List<String> baselines() {
            return budgeting == null ? List.of() : budgeting.baselines();
        }

        /** The models whose fastest form a budgeted profiling pass takes too (those the answer sets leaders beside). */
        public List<String> besideModels() {
            return budgeting == null ? List.of() : budgeting.models();
        }
    }

    /**
     * A sweep's budget as its runners use it: the plan, the time each kind of runner must end by
     * (epoch ms: the sweep's end less what runs after it), and which rows a budgeted profiling pass takes.
     */
    record Budgeting(Budget budget, Map<Class<?>, Long> deadlines, List<String> baselines, List<String> models) {}

    /** The kind of size it measures ({@code Size.Timed}, {@code Size.Served}). */
    Class<S> kind();

    /** {@code plan} with this runner, if this runner measures its size. */
    default Optional<Bound<S>> bind(Plan<?> plan) {
        return kind().isInstance(plan.size()) ? Optional.of(new Bound<>(this, plan.as(kind()))) : Optional.empty();
    }

    /** What run.json names as a job's benchmark: JMH's method, or the load that measures a server. */
    String benchmark(Plan<S> plan);

    /** Seconds one id of {@code plan} is expected to take. */
    double estimate(Plan<S> plan);

    /**
     * What {@code plan}'s ids cost, part by part, estimated from {@code history} (this host's last
     * alike run) where it has them, else from the settings, for planning a sweep to its budget: by
     * default all of {@link #estimate} for each id, mandatory.
     */
    default List<BudgetPlan.Cost> costs(Plan<S> plan, Optional<History> history) {
        return List.of(new BudgetPlan.Cost(Budget.Kind.MANDATORY, plan.workload().label(),
                estimate(plan) * plan.ids().size()));
    }

    /**
     * The phase it runs, as the progress line names it ("JMH host", "echo servers"): the runner
     * counts its forks or repetitions there as they land ({@link Progress#phase}).
     */
    String progress();

    /** Why this machine cannot measure {@code plan} (a missing tool, too low a limit); empty if it can. */
    default Optional<String> cannotRun(Plan<S> plan) {
        return Optional.empty();
    }

    /** Takes {@code plan}, of configuration {@code c}, to run. */
    void schedule(Configuration c, Plan<S> plan);

    /** Runs everything scheduled; its jobs as run.json keeps them. */
    List<Job> run(Session session) throws IOException, InterruptedException;

    /** Its running jobs' results so far, after an interrupt (every fork or repetition that ended). */
    default List<Job> sofar() throws IOException {
        return List.of();
    }

    /** A plan and the runner of its kind, typed alike: what the sweep asks of a plan, it asks here. */
    record Bound<S extends Size>(Runner<S> runner, Plan<S> plan) {

        public String benchmark() {
            return runner.benchmark(plan);
        }

        public double estimate() {
            return runner.estimate(plan);
        }

        public List<BudgetPlan.Cost> costs(Optional<History> history) {
            return runner.costs(plan, history);
        }

        public String progress() {
            return runner.progress();
        }

        public Optional<String> cannotRun() {
            return runner.cannotRun(plan);
        }

        /** Schedules the plan's {@code runnable} ids in configuration {@code c}. */
        public void schedule(Configuration c, List<RingFactory> runnable) {
            runner.schedule(c, plan.with(runnable));
        }
    }
}
