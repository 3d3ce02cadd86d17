package threadring.bench.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import threadring.bench.data.Configuration;
import threadring.bench.data.Env;
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
                    Env.Jvm jvm = Env.probe(jdk, set, flags, jar.toString());
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
}
