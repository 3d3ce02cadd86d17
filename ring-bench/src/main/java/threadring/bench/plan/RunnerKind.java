package threadring.bench.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import threadring.bench.data.Settings;

/**
 * A kind of runner a sweep can use, found by ServiceLoader
 * ({@code META-INF/services/threadring.bench.plan.RunnerKind}: JMH's timed passes, the echo
 * server's load, or a runner a workload of its own jar brings), so that the sweep names none.
 */
public interface RunnerKind {

    /** Its runner for a sweep of {@code settings}, whose forks run {@code jar}. */
    Runner<?> runner(Settings settings, Path jar);

    /** A runner of every kind on the class path, in the order the services files list them. */
    static List<Runner<?>> all(Settings settings, Path jar) {
        return ServiceLoader.load(RunnerKind.class, RunnerKind.class.getClassLoader()).stream()
                .<Runner<?>>map(p -> p.get().runner(settings, jar)).toList();
    }
}
