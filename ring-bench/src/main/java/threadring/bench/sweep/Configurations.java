package threadring.bench.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import threadring.bench.data.Json;
import threadring.bench.data.Configuration;
import threadring.bench.data.Env;
import threadring.bench.util.Processes;
import threadring.bench.util.UsageException;

/**
 * Every JDK x cpu set of a sweep, each probed in a JVM started the way its JMH children will be; with
 * flags to measure beside ({@code --beside-jvm-arg}), each also once more with them, labelled by them.
 */
final class Configurations {

    private Configurations() {}

    static List<Configuration> probe(List<Path> jdks, List<String> cpus, List<String> beside, Path jar)
            throws IOException, InterruptedException {
        List<Path> homes = jdks.isEmpty() ? List.of(Path.of(System.getProperty("java.home"))) : jdks;
        List<String> cpuSets = new ArrayList<>(cpus);
        if (cpuSets.isEmpty()) {
            cpuSets.add(null);
        }
        List<List<String>> variants = beside.isEmpty() ? List.of(List.of()) : List.of(List.of(), List.copyOf(beside));
        List<Configuration> configs = new ArrayList<>();
        for (Path jdk : homes) {
            for (String set : cpuSets) {
                for (List<String> flags : variants) {
                    Env.Jvm jvm = probe(jdk, set, flags, jar);
                    String label = Configuration.label(jvm.javaFeature(), set, flags);
                    if (configs.stream().anyMatch(c -> c.label().equals(label))) {
                        throw new UsageException("the same JDK and cpu set are given twice: " + label);
                    }
                    configs.add(Configuration.local(label, jdk.toString(), set, jvm, flags));
                }
            }
        }
        return configs;
    }

    /** The JVM of {@code jdk} as {@code flags} start it: a flag this JDK does not take is a usage error here. */
    private static Env.Jvm probe(Path jdk, String cpus, List<String> flags, Path jar)
            throws IOException, InterruptedException {
        Path file = Files.createTempFile("threadring-jvm", ".json");
        try {
            List<String> java = new ArrayList<>(List.of(Processes.java(jdk.toString())));
            java.addAll(flags);
            java.addAll(List.of("-cp", jar.toString(), Env.class.getName(), file.toString()));
            List<String> cmd = Processes.pinned(cpus, java);
            Processes.Exit exit = Processes.capture(cmd, Duration.ofSeconds(60));
            if (!exit.ok()) {
                throw new UsageException("cannot start " + String.join(" ", cmd) + ": " + exit.oneLine());
            }
            Env.Jvm jvm = Json.read(file, Env.Jvm.class);
            if (jvm.javaFeature() < 17) {
                throw new UsageException("--jdk " + jdk + " is JDK " + jvm.javaVersion() + "; threadring needs 17+");
            }
            return jvm;
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
