package threadring.bench.plan;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import threadring.bench.data.Budget;
import threadring.bench.data.CpuWork;
import threadring.bench.data.Job;
import threadring.bench.data.Probe;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.util.Processes;

/**
 * run.json as a sweep goes: rewritten after every job (and every echo id), with the job running
 * now; console.log with every line of the JMH children. After an interrupt only the interrupt
 * writes run.json, so a job that ends meanwhile cannot overwrite the interrupted state.
 */
public final class RunLog {

    private final Path runDir;
    private final Writer console;
    private final PrintStream out;
    private final boolean verbose;
    private final List<Job> jobs = new ArrayList<>();
    private final List<CpuWork> cpuWork = new ArrayList<>();
    private final List<Probe> probes = new ArrayList<>();
    private final List<Job> running = new ArrayList<>();
    private Run run;
    private boolean stopped;

    public RunLog(Path runDir, Run run, Writer console, PrintStream out, boolean verbose) {
        this.runDir = runDir;
        this.run = run;
        this.console = console;
        this.out = out;
        this.verbose = verbose;
    }

    /** A line for console.log, and for the console too with --verbose. */
    public void log(String line) {
        if (verbose && !Processes.stopping()) {
            out.println(line);
        }
        synchronized (console) {
            try {
                console.write(line);
                console.write('\n');
                console.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A job running now, as far as it got (ignored once interrupted: the interrupt owns what is kept). */
    public synchronized void running(Job job) throws IOException {
        if (Processes.stopping()) {
            return;
        }
        running.removeIf(j -> same(j, job));
        running.add(job);
        save(Run.State.RUNNING);
    }

    /** A job ended (or was skipped); ignored once interrupted, as above. */
    public synchronized void ended(Job job) throws IOException {
        if (Processes.stopping()) {
            return;
        }
        running.removeIf(j -> same(j, job));
        jobs.add(job);
        save(Run.State.RUNNING);
    }

    private static boolean same(Job a, Job b) {
        return a.configuration().equals(b.configuration()) && a.size().equals(b.size()) && a.ids().equals(b.ids());
    }

    /** What one consumeCPU(work) cost, as measured so far. */
    public synchronized void cpuWork(List<CpuWork> measured) throws IOException {
        cpuWork.clear();
        cpuWork.addAll(measured);
        save(Run.State.RUNNING);
    }

    /** The machine probes, as measured so far. */
    public synchronized void probes(List<Probe> measured) throws IOException {
        probes.clear();
        probes.addAll(measured);
        save(Run.State.RUNNING);
    }

    /** What optional parts of the budget a runner ran and skipped: added to the run's budget. */
    public synchronized void ran(List<Budget.Ran> outcome) throws IOException {
        if (run.budget() == null) {
            return;
        }
        List<Budget.Ran> all = new ArrayList<>(run.budget().ran());
        all.addAll(outcome);
        run = run.withBudget(run.budget().withRan(all));
        save(Run.State.RUNNING);
    }

    public synchronized List<Job> jobs() {
        return List.copyOf(jobs);
    }

    /** The jobs running now. */
    public synchronized List<Job> running() {
        return List.copyOf(running);
    }

    /** The sweep ran to its end. */
    public synchronized void complete() throws IOException {
        save(Run.State.COMPLETE);
    }

    /**
     * Interrupted: the running jobs end as {@code partial} has them (every fork that ended), run.json
     * says so, and from then on nothing else writes it.
     */
    public synchronized void interrupted(List<Job> partial) throws IOException {
        stopped = false;
        for (Job p : partial) {
            running.removeIf(j -> same(j, p));
            running.add(p);
        }
        running.replaceAll(j -> j.status() == Job.Status.RUNNING ? j.with(Job.Status.INTERRUPTED, "interrupted",
                j.results()) : j);
        save(Run.State.INTERRUPTED);
        stopped = true;
    }

    public synchronized void save(Run.State state) throws IOException {
        if (stopped) {
            return;
        }
        List<Job> all = new ArrayList<>(jobs);
        all.addAll(running);
        String end = state == Run.State.RUNNING ? null : Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        run = run.with(state, end, List.copyOf(all), List.copyOf(cpuWork), List.copyOf(probes));
        RunFile.write(runDir, run);
    }
}
