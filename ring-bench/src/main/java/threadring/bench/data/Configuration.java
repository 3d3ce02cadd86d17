package threadring.bench.data;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * One JDK and cpu set of a run; {@code cpus} null means unpinned. {@code host}: the machine it ran
 * on, set where a merged run holds several (its label then starts with the host name), else
 * null: the run's machine. {@code jvmArgs}: flags every JVM of this configuration starts with,
 * beside the run's own ({@code --beside-jvm-arg}); null or empty for the run's plain JVMs (and in
 * runs written before they existed).
 */
public record Configuration(String label, String jdk, String cpus, Env.Jvm jvm, Env.Machine host,
        List<String> jvmArgs) {

    /** A configuration of the run's own machine. */
    public static Configuration local(String label, String jdk, String cpus, Env.Jvm jvm) {
        return local(label, jdk, cpus, jvm, List.of());
    }

    /** A configuration of the run's own machine whose JVMs start with {@code jvmArgs} too. */
    public static Configuration local(String label, String jdk, String cpus, Env.Jvm jvm, List<String> jvmArgs) {
        return new Configuration(label, jdk, cpus, jvm, null, jvmArgs);
    }

    /** The flags this configuration adds to every JVM: none for the run's plain configurations. */
    public List<String> flags() {
        return jvmArgs == null ? List.of() : jvmArgs;
    }

    /** The same configuration measured on {@code machine}, labelled {@code newLabel} (a merged run's). */
    public Configuration on(String newLabel, Env.Machine machine) {
        return new Configuration(newLabel, jdk, cpus, jvm, machine, jvmArgs);
    }

    /** The same configuration with its JDK's paths as {@code shown} writes them. */
    public Configuration withPaths(UnaryOperator<String> shown) {
        Env.Jvm j = jvm == null ? null : new Env.Jvm(jvm.javaVendor(), jvm.javaVersion(), jvm.javaFeature(), jvm.vmName(),
                jvm.vmVersion(), shown.apply(jvm.javaHome()), jvm.inputArguments(), jvm.availableProcessors(),
                jvm.maxHeapBytes(), jvm.collector());
        return new Configuration(label, shown.apply(jdk), cpus, j, host, jvmArgs);
    }

    /** {@code jdk25-cpusall}: what a run calls a JDK release and cpu set. */
    public static String label(int javaFeature, String cpus) {
        return "jdk" + javaFeature + "-cpus" + (cpus == null ? "all" : cpus);
    }

    /**
     * The same with the flags a configuration adds, each by its name alone:
     * {@code jdk25-cpusall-UseCompactObjectHeaders} for {@code -XX:+UseCompactObjectHeaders}, a flag
     * turned off as {@code no} and its name, {@code -Xss512k} as {@code Xss512k}.
     */
    public static String label(int javaFeature, String cpus, List<String> jvmArgs) {
        StringBuilder label = new StringBuilder(label(javaFeature, cpus));
        for (String flag : jvmArgs) {
            String name = flag.replaceFirst("^-XX:", "");
            name = name.startsWith("-") && flag.startsWith("-XX:") ? "no" + name.substring(1) : name;
            label.append('-').append(name.replaceAll("[^A-Za-z0-9]", ""));
        }
        return label.toString();
    }
}
