package threadring.bench.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import threadring.bench.data.Configuration;
import threadring.bench.data.CpuWork;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.Presets;
import threadring.bench.data.Probe;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.data.Settings;
import threadring.bench.jmh.CpuWorkJob;
import threadring.bench.jmh.JmhJob;
import threadring.bench.jmh.JobSpec;
import threadring.bench.jmh.ProbeJob;
import threadring.bench.util.Processes;
import threadring.core.Workload.Size;

/**
 * The JMH children of a sweep: one {@link JmhJob} per job, under taskset, so that a crash in one
 * cannot take the others down and each cpu set pins the JMH forks too; and per configuration one
 * {@link CpuWorkJob} for the fan-out's ideal time. Each id's result is reported as it lands.
 */
final class JmhJobs {

    /**
     * How long a JMH child waits for an iteration to end before it kills the fork and fails the id
     * (an iteration is a second here, or one pass): a deadlocked or spinning workload fails its id
     * instead of hanging the sweep. {@code --long}'s passes of 10^7 steps get longer.
     */
    static final int PASS_TIMEOUT_MINUTES = 3;
    static final int LONG_PASS_TIMEOUT_MINUTES = 30;

    private final Settings settings;
    private final Path runDir;
    private final Path jar;
    private final RunLog log;
    private final Progress progress;
    private final Run.AsyncStatus async;
    /** The running child's result file, read again if the sweep is interrupted. */
    private volatile Path current;

    JmhJobs(Settings settings, Path runDir, Path jar, RunLog log, Progress progress, Run.AsyncStatus async) {
        this.settings = settings;
        this.runDir = runDir;
        this.jar = jar;
        this.log = log;
        this.progress = progress;
        this.async = async;
    }

    /** What the running child has finished so far (nothing if none runs). */
    List<Measured> sofar() throws IOException {
        Path file = current;
        return file == null ? List.of() : results(file);
    }

    Job run(Configuration c, Plan p) throws IOException, InterruptedException {
        List<String> ids = p.ids();
        Path jobs = Files.createDirectories(runDir.resolve(RunFile.JOBS).resolve(c.label()));
        Path specFile = jobs.resolve(p.file() + ".spec.json");
        Path resultFile = jobs.resolve(p.file() + ".json");
        String asyncLib = async == null || async.library() == null || async.problems().containsKey(c.label())
                ? null : async.library();
        Size.Timed size = p.size().measured(t -> t, s -> {
            throw new IllegalArgumentException(p.describe() + " is not measured by JMH");
        });
        JobSpec spec = new JobSpec(c.label(), ids, size, p.steps(), settings.scored(),
                settings.scored().longRun() ? LONG_PASS_TIMEOUT_MINUTES : PASS_TIMEOUT_MINUTES, settings.profilers(),
                settings.profiling(), asyncLib, runDir.toString(),
                runDir.resolve(RunFile.PROFILES).resolve(c.label()).toString(), resultFile.toString(),
                Presets.CALIBRATION_MS);
        RunFile.writeJson(specFile, spec);
        List<String> java = new ArrayList<>(List.of(Processes.java(c.jdk())));
        java.addAll(Processes.quietUnsafe(c.jvm().javaFeature()));
        java.addAll(List.of("-cp", jar.toString(), JmhJob.class.getName(), specFile.toString()));
        current = resultFile;
        log.running(p.job(c.label(), ids, Job.Status.RUNNING, null, null, List.of()));
        log.log("threadring: [" + c.label() + "] " + ids + " " + p.describe());
        progress.job(c.label(), p.describe(), ids);
        double estimate = Progress.estimate(settings, size, p.steps());
        long[] seen = {0};
        Duration timeout = timeout(ids.size());
        Processes.Exit exit = Processes.stream(Processes.pinned(c.cpus(), java), timeout, line -> {
            log.log(line);
            // each id's results land in the job's file as it finishes: report them as they come
            try {
                long modified = Files.exists(resultFile) ? Files.getLastModifiedTime(resultFile).toMillis() : 0;
                if (modified != seen[0]) {
                    seen[0] = modified;
                    for (Measured m : results(resultFile)) {
                        if (m.score() == null || m.profile() != null || settings.profilers().isEmpty()) {
                            progress.finished(Sweep.key(c, p, m.id()), m.id(), estimate, p.size(), m, null);
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a file caught half-written: the next line reads it again
            }
        });
        current = null;
        List<Measured> results = results(resultFile);
        Job.Status status = exit.timedOut() ? Job.Status.TIMED_OUT : exit.status() == 0 ? Job.Status.OK
                : Job.Status.FAILED;
        String reason = exit.timedOut() ? "the JMH child did not end within " + timeout.toHours() + " h and was killed"
                : exit.status() == 0 ? null : "the JMH child exited with status " + exit.status();
        if (exit.status() != 0) {
            log.log("threadring: " + p.model() + " on " + c.label() + ": " + reason);
        }
        for (String id : ids) {
            Measured m = results.stream().filter(x -> x.id().equals(id)).findFirst().orElse(null);
            progress.finished(Sweep.key(c, p, id), id, estimate, p.size(), m,
                    m == null ? (reason != null ? reason : "no result") : null);
        }
        return p.job(c.label(), ids, status, reason, exit.timedOut() ? null : exit.status(), results);
    }

    /**
     * Measures one consumeCPU(work) in this configuration for every work value of its fan-out
     * series (their ideal time needs it); a failure is logged and leaves the ideal unknown.
     */
    void cpuWork(Configuration c, List<Plan> plans, java.io.PrintStream out) throws IOException, InterruptedException {
        List<Integer> works = Size.FanOut.works(plans.stream().map(Plan::size).toList()).stream().filter(w -> w > 0)
                .toList();
        if (works.isEmpty()) {
            return;
        }
        Path dir = Files.createDirectories(runDir.resolve(RunFile.JOBS).resolve(c.label()));
        Path specFile = dir.resolve("cpu-work.spec.json");
        Path resultFile = dir.resolve("cpu-work.json");
        RunFile.writeJson(specFile, new CpuWorkJob.Spec(works, settings.scored().forks(), resultFile.toString()));
        log.log("threadring: [" + c.label() + "] consumeCPU(work) for work " + works
                + " (the fan-out's ideal time needs it)");
        out.println("threadring: measuring consumeCPU(work) on " + c.label() + " for work " + works
                + " (the fan-out's ideal time needs it)");
        List<String> java = new ArrayList<>(List.of(Processes.java(c.jdk())));
        java.addAll(Processes.quietUnsafe(c.jvm().javaFeature()));
        java.addAll(List.of("-cp", jar.toString(), CpuWorkJob.class.getName(), specFile.toString()));
        Processes.Exit exit = Processes.stream(Processes.pinned(c.cpus(), java), Duration.ofMinutes(30), log::log);
        if (Files.exists(resultFile)) {
            List<CpuWork> measured = new ArrayList<>();
            for (CpuWorkJob.Measured m : RunFile.readJson(resultFile, CpuWorkJob.Measured[].class)) {
                measured.add(new CpuWork(c.label(), m.work(), m.nsPerCall()));
            }
            log.cpuWork(measured);
        }
        if (!exit.ok()) {
            log.log("threadring: consumeCPU(work) on " + c.label() + " failed (exit " + exit.status()
                    + "): the fan-out's ideal time stays unknown");
        }
    }

    /**
     * The machine probe {@code floor/cross-cpu} in this configuration at {@code when}, where it has
     * two cpus or more (on one, each handoff waits for a time slice); a failure is logged and leaves
     * the probe out.
     */
    void probe(Configuration c, String when, java.io.PrintStream out) throws IOException, InterruptedException {
        if (c.jvm().availableProcessors() < 2) {
            log.log("threadring: [" + c.label() + "] no " + Probe.ID + " probe: one cpu, no cross-CPU handoff");
            return;
        }
        Path file = Files.createDirectories(runDir.resolve(RunFile.JOBS).resolve(c.label())).resolve("probe-" + when
                + ".json");
        out.println("threadring: " + Probe.ID + " on " + c.label() + " (" + when + " of the run): the machine's "
                + "cross-CPU handoff");
        List<String> java = new ArrayList<>(List.of(Processes.java(c.jdk())));
        java.addAll(Processes.quietUnsafe(c.jvm().javaFeature()));
        java.addAll(List.of("-cp", jar.toString(), ProbeJob.class.getName(), file.toString()));
        Processes.Exit exit = Processes.stream(Processes.pinned(c.cpus(), java), Duration.ofMinutes(5), log::log);
        if (exit.ok() && Files.exists(file)) {
            @SuppressWarnings("unchecked")
            List<List<Double>> forks = RunFile.JSON.fromJson(Files.readString(file),
                    new com.google.gson.reflect.TypeToken<List<List<Double>>>() {}.getType());
            log.probe(new Probe(c.label(), when, forks));
        } else {
            log.log("threadring: " + Probe.ID + " on " + c.label() + " failed (exit " + exit.status() + ")");
        }
    }

    /** A backstop far beyond any normal job: JMH's own per-pass timeout ends a hung pass first. */
    private Duration timeout(int ids) {
        Settings.Scored s = settings.scored();
        int forks = s.maxForks();
        int passes = (s.warmups() != null ? s.warmups() : 2) + (s.iterations() != null ? s.iterations() : 5) + 2;
        return Duration.ofMinutes((long) ids * (forks + 2) * passes * LONG_PASS_TIMEOUT_MINUTES);
    }

    static List<Measured> results(Path resultFile) throws IOException {
        if (!Files.exists(resultFile)) {
            return List.of();
        }
        Job.Result r = RunFile.readJson(resultFile, Job.Result.class);
        return r == null ? List.of() : r.results();
    }
}
