package threadring.bench.data;

import com.google.gson.annotations.SerializedName;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import threadring.core.Size;

/**
 * A whole run: run.json. The environment, what the sweep was asked and did, and every
 * measurement. {@code finished} is null until the sweep ends (or is interrupted); {@code cpuWork}:
 * what one consumeCPU(work) cost in each configuration that ran the fan-out with work;
 * {@code shard}: the slice of a plan this run is (null: all of it); {@code mergedFrom} and
 * {@code partial}: the runs a merged run holds, and what it lacks (null otherwise); {@code probes}: the
 * machine's cross-CPU handoff at the start and the end of the run, per configuration of two cpus
 * or more.
 */
public record Run(int schema, String runId, State state, String started, String finished, Env.Machine machine,
        Settings settings, AsyncStatus asyncProfiler, List<Configuration> configurations, List<Job> jobs,
        List<CpuWork> cpuWork, Shard shard, List<Merged> mergedFrom, List<String> partial, List<Probe> probes,
        Budget budget) {

    /** A run without a budget (null in runs before sweeps were planned to one). */
    public Run(int schema, String runId, State state, String started, String finished, Env.Machine machine,
            Settings settings, AsyncStatus asyncProfiler, List<Configuration> configurations, List<Job> jobs,
            List<CpuWork> cpuWork, Shard shard, List<Merged> mergedFrom, List<String> partial, List<Probe> probes) {
        this(schema, runId, state, started, finished, machine, settings, asyncProfiler, configurations, jobs, cpuWork,
                shard, mergedFrom, partial, probes, null);
    }

    /** run.json's schema, bumped when a field changes meaning ({@link RunFile} reads the older ones). */
    public static final int SCHEMA = 3;

    public enum State {
        @SerializedName("running") RUNNING,
        @SerializedName("complete") COMPLETE,
        @SerializedName("interrupted") INTERRUPTED,
        /** A merge of some shards of a plan, not all ({@code merge --partial}). */
        @SerializedName("partial") PARTIAL
    }

    /** async-profiler: its library, and why it could not run (per configuration label). */
    public record AsyncStatus(String library, Map<String, String> problems) {}

    /** The same run with its configurations' JDK paths and async-profiler's library as {@code shown} writes them. */
    public Run withPaths(UnaryOperator<String> shown) {
        AsyncStatus async = asyncProfiler == null ? null : new AsyncStatus(shown.apply(asyncProfiler.library()),
                asyncProfiler.problems());
        List<Configuration> configs = configurations == null ? null
                : configurations.stream().map(c -> c.withPaths(shown)).toList();
        return new Run(schema, runId, state, started, finished, machine, settings == null ? null
                : settings.withJdkPaths(shown), async, configs, jobs, cpuWork, shard, mergedFrom, partial, probes, budget);
    }

    /**
     * This run is slice {@code index} of {@code count} of the plan {@code plan} (a hash of its
     * settings and items), which has {@code planItems} items (configuration | series | id); this
     * slice's are {@code items}.
     */
    public record Shard(String plan, int index, int count, int planItems, List<String> items) {}

    /** A run that went into a merged one: its id, folder, host and shard (null: not a shard). */
    public record Merged(String runId, String dir, String host, Shard shard) {}

    /** A new run: running, nothing measured yet. */
    public static Run started(String runId, String started, Env.Machine machine, Settings settings,
            AsyncStatus async, List<Configuration> configurations, Shard shard, Budget budget) {
        return new Run(SCHEMA, runId, State.RUNNING, started, null, machine, settings, async, configurations,
                List.of(), List.of(), shard, null, null, List.of(), budget);
    }

    /** The same run with {@code s} as its settings (a run re-rendered with other run-to-run components). */
    public Run withSettings(Settings s) {
        return new Run(schema, runId, state, started, finished, machine, s, asyncProfiler, configurations, jobs,
                cpuWork, shard, mergedFrom, partial, probes, budget);
    }

    /** The same run in another state, with these jobs, consumeCPU costs and probes. */
    public Run with(State state, String finished, List<Job> jobs, List<CpuWork> cpuWork, List<Probe> probes) {
        return new Run(schema, runId, state, started, finished, machine, settings, asyncProfiler, configurations,
                jobs, cpuWork, shard, mergedFrom, partial, probes, budget);
    }

    /** The same run with {@code b} as its budget (what its optional parts came to, once known). */
    public Run withBudget(Budget b) {
        return new Run(schema, runId, state, started, finished, machine, settings, asyncProfiler, configurations,
                jobs, cpuWork, shard, mergedFrom, partial, probes, b);
    }

    /** The probe {@code id} of a configuration at {@code when} (start, middle or end), if this run measured it. */
    public Optional<Probe> probe(String label, String id, String when) {
        return probes.stream().filter(p -> p.configuration().equals(label) && p.id().equals(id)
                && p.when().equals(when)).findFirst();
    }

    /** The host a configuration ran on: its own (a merged run of several hosts), else the run's. */
    public Env.Machine host(Configuration c) {
        return c.host() != null ? c.host() : machine;
    }

    /** The hosts of the run's configurations, in order: one entry for a run of one host. */
    public Set<String> hosts() {
        Set<String> hosts = new LinkedHashSet<>();
        configurations.forEach(c -> hosts.add(host(c).host()));
        return hosts;
    }

    /** Whether two runs ran on the same hosts; a run without recorded host names is taken to (it cannot tell). */
    public static boolean sameHosts(Run a, Run b) {
        boolean recorded = Stream.of(a, b).allMatch(r -> r.configurations().stream()
                .allMatch(c -> r.host(c).hostname() != null));
        return !recorded || Objects.equals(a.hosts(), b.hosts());
    }

    /** The cost of consumeCPU(work) in a configuration, if this run measured it. */
    public Optional<CpuWork> cpuWork(String label, int work) {
        return cpuWork.stream().filter(c -> c.configuration().equals(label) && c.work() == work).findFirst();
    }

    public List<Job> jobs(String label) {
        return jobs.stream().filter(j -> j.configuration().equals(label)).toList();
    }

    /** Every id measured (with a result) in a configuration, in any series. */
    public List<Measured> measured(String label) {
        return jobs(label).stream().flatMap(j -> j.results().stream()).filter(Measured::measured).toList();
    }

    /** Every id measured in a configuration in one series. */
    public List<Measured> measured(String label, Size size) {
        return jobs(label).stream().filter(j -> j.size().equals(size)).flatMap(j -> j.results().stream())
                .filter(Measured::measured).toList();
    }

    /** Minutes from start to finish, or NaN while running. */
    public double minutes() {
        if (finished == null) {
            return Double.NaN;
        }
        return Duration.between(Instant.parse(started), Instant.parse(finished)).toMillis() / 60_000.0;
    }
}
