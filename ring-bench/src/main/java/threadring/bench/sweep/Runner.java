package threadring.bench.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import threadring.bench.data.Configuration;
import threadring.bench.data.Job;
import threadring.bench.data.Run;
import threadring.core.Size;

/**
 * One kind of measurement in a sweep: JMH's timed passes ({@link JmhJobs}) or a load against a
 * server ({@link EchoJobs}). Each says which sizes it measures, whether this machine can measure a
 * plan (its admission: "cannot run here", with the reason), what a plan's ids cost in time, and
 * runs what it was given; the sweep loops over the runners and never asks a size's kind itself.
 */
interface Runner {

    /** What a runner runs with, once the run folder, its log and its progress exist. */
    record Session(Path runDir, List<Configuration> configs, RunLog log, Progress progress, Run.AsyncStatus async) {}

    /** Whether it measures series of {@code size}. */
    boolean measures(Size size);

    /** What run.json names as a job's benchmark: JMH's method, or the load that measures a server. */
    String benchmark(Plan plan);

    /** Seconds one id of {@code plan} is expected to take. */
    double estimate(Plan plan);

    /** Whether it runs in the JMH host, whose forks the progress counts as they land. */
    boolean host();

    /** Why this machine cannot measure {@code plan} (a missing tool, too low a limit); empty if it can. */
    default Optional<String> cannotRun(Plan plan) {
        return Optional.empty();
    }

    /** Takes {@code plan}, of configuration {@code c}, to run. */
    void schedule(Configuration c, Plan plan);

    /** Runs everything scheduled; its jobs as run.json keeps them. */
    List<Job> run(Session session) throws IOException, InterruptedException;

    /** Its running jobs' results so far, after an interrupt (every fork or repetition that ended). */
    default List<Job> sofar() throws IOException {
        return List.of();
    }
}
