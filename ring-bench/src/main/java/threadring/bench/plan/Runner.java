package threadring.bench.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import threadring.bench.data.Configuration;
import threadring.bench.data.Job;
import threadring.bench.data.Run;
import threadring.core.Size;

/**
 * One kind of measurement in a sweep: JMH's timed passes ({@code jmh.JmhJobs}) or a load against a
 * server ({@code echo.EchoJobs}), typed on the kind of size it measures. Each says whether this machine
 * can measure a plan (its admission: "cannot run here", with the reason), what a plan's ids cost in
 * time, and runs what it was given; the sweep binds each plan to the runner of its kind
 * ({@link #bind}) and never asks a size's kind itself.
 */
public interface Runner<S extends Size> {

    /** What a runner runs with, once the run folder, its log and its progress exist. */
    record Session(Path runDir, List<Configuration> configs, RunLog log, Progress progress, Run.AsyncStatus async) {}

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

    /** Whether it runs in the JMH host, whose forks the progress counts as they land. */
    boolean host();

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

        public boolean host() {
            return runner.host();
        }

        public Optional<String> cannotRun() {
            return runner.cannotRun(plan);
        }

        /** Schedules the plan's {@code runnable} ids in configuration {@code c}. */
        public void schedule(Configuration c, List<threadring.core.RingFactory> runnable) {
            runner.schedule(c, plan.with(runnable));
        }
    }
}
