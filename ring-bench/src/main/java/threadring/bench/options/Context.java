package threadring.bench.options;

import java.util.Map;
import threadring.bench.util.Converters;
import threadring.bench.util.UsageException;

/**
 * What a command asks of the workloads' options: {@code check} (one verified run per id) or a
 * sweep ({@code run}), with its preset ({@code --quick}, {@code --long}) and its environment
 * variables (the Benchmarks Game's {@code workerCount} and {@code ringSize}).
 */
public record Context(boolean check, boolean quick, boolean longRun, Map<String, String> env) {

    /** A check's context. */
    public static Context check(Map<String, String> env) {
        return new Context(true, false, false, env);
    }

    /** The integer environment variable {@code name}, at least {@code min}, or null where it is unset. */
    public Integer env(String name, int min) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            return Converters.atLeast(v, min);
        } catch (picocli.CommandLine.TypeConversionException e) {
            throw new UsageException(name + " " + e.getMessage());
        }
    }
}
