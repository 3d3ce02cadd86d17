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

    /** The same configuration with its JDK's paths as {@code shown} writes them. */
    public Configuration withPaths(java.util.function.UnaryOperator<String> shown) {
        Env.Jvm j = jvm == null ? null : new Env.Jvm(jvm.javaVendor(), jvm.javaVersion(), jvm.javaFeature(), jvm.vmName(),
                jvm.vmVersion(), shown.apply(jvm.javaHome()), jvm.inputArguments(), jvm.availableProcessors(),
                jvm.maxHeapBytes());
        return new Configuration(label, shown.apply(jdk), cpus, j, host);
    }

    /** {@code jdk25-cpusall}: what a run calls a JDK release and cpu set. */
    public static String label(int javaFeature, String cpus) {
        return "jdk" + javaFeature + "-cpus" + (cpus == null ? "all" : cpus);
    }
}
