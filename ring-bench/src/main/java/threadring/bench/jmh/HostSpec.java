package threadring.bench.jmh;

import java.util.List;
import threadring.bench.data.Settings;
import threadring.core.Size;

/**
 * What the JMH host of a sweep runs ({@link Rounds}): every task (an id in one series of one
 * configuration) in rounds, one fork each per round, the order shuffled from {@code seed}; the
 * configurations, each a JDK and cpu set whose JVMs start through {@code java} (the JDK's java, or
 * a script that pins it with taskset); the scored passes' settings, how long an iteration may take
 * before its fork counts as hung, the separate profiling pass, whether the counters of each
 * iteration are read, the machine probes' and consumeCPU's measurements, and where files go (the
 * run's folder, absolute).
 */
public record HostSpec(String runDir, long seed, List<Config> configurations, List<Task> tasks, Settings.Scored scored,
        int timeoutMinutes, List<String> profilers, Settings.Profiling profiling, String asyncLibrary, int calibrationMs,
        boolean counters, boolean probes, List<Integer> cpuWorks, Grants grants) {

    /**
     * What a sweep's budget grants the host: the time it must end by ({@code deadlineMs}, epoch ms;
     * null: none), whether fifth forks, state forks and the profiling pass may run at all, and the
     * baseline ids and the models whose fastest form the profiling pass of a budgeted sweep takes
     * beside each series' leaders ({@code leadersOnly}: only those; else every id).
     */
    public record Grants(Long deadlineMs, boolean fifthForks, boolean stateForks, boolean profiling,
            boolean leadersOnly, List<String> baselines, List<String> models) {
        /** No budget: every optional part, every id profiled. */
        public static final Grants ALL = new Grants(null, true, true, true, false, List.of(), List.of());
    }

    /** What the optional parts came to, written by the host when its rounds and profiling end. */
    public static final String OUTCOME = "budget.json";

    /** One JDK and cpu set: its label, the command its JVMs start with, its Java release and cpus. */
    public record Config(String label, String java, int feature, int cpus, List<String> jvmArgs) {

        /** A configuration whose JVMs add no flags of their own. */
        public Config(String label, String java, int feature, int cpus) {
            this(label, java, feature, cpus, List.of());
        }

        /** The flags its forks, calibrations and profiling passes add after the run's ({@code --beside-jvm-arg}). */
        public List<String> flags() {
            return jvmArgs == null ? List.of() : jvmArgs;
        }
    }

    /**
     * One id in one series of one configuration, whose results go to the job {@code job} (its
     * file's name); {@code steps} per pass, null: calibrated here.
     */
    public record Task(String configuration, String job, Size.Timed size, Integer steps, String id) {
        public String key() {
            return configuration + "|" + job + "|" + id;
        }
    }

    /** Where the host says how far each task got ({@link Status}), beside the jobs' files. */
    public static final String STATUS = "rounds.json";
    /** Where the machine probes and consumeCPU's costs go. */
    public static final String PROBES = "probes.json";
    public static final String CPU_WORK = "cpu-work.json";

    /** How far the host got: the round it is in, and each task's forks. */
    public record Status(int round, String phase, List<TaskStatus> tasks) {}

    /** A task: forks run and planned (null: not planned yet), done, and why it failed or cannot run (null). */
    public record TaskStatus(String key, String configuration, String job, String id, int forks, Integer planned,
            boolean done, String failure) {}
}
