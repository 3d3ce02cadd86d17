package threadring.bench.data;

/**
 * One JDK and cpu set of a run; {@code cpus} null means unpinned. {@code host}: the machine it ran
 * on, set where a merged run holds several (its label then starts with the host name), else
 * null: the run's machine.
 */
public record Configuration(String label, String jdk, String cpus, Env.Jvm jvm, Env.Machine host) {

    /** A configuration of the run's own machine. */
    public static Configuration local(String label, String jdk, String cpus, Env.Jvm jvm) {
        return new Configuration(label, jdk, cpus, jvm, null);
    }

    /** {@code jdk25-cpusall}: what a run calls a JDK release and cpu set. */
    public static String label(int javaFeature, String cpus) {
        return "jdk" + javaFeature + "-cpus" + (cpus == null ? "all" : cpus);
    }
}
