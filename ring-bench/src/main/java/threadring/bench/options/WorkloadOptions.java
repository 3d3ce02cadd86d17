package threadring.bench.options;

import java.util.List;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * One workload's options, declared once for {@code run} and {@code check}: a picocli mixin object
 * (its {@code @Option} fields), its defaults for each command, and its series, typed on the
 * workload's size. Each workload's unit makes them; {@link SizeOptions} gathers them, and a command
 * adds each as a mixin of its own.
 */
public interface WorkloadOptions<S extends Size> {

    /** The workload whose options these are. */
    Workload<S, ?> workload();

    /** Whether {@code c} runs this workload when no {@code --workload} is given. */
    boolean byDefault(Context c);

    /**
     * Its series for {@code c}, one per combination of its list options' values; {@code works} is
     * the shared {@code --work} option's values where this workload takes it and they were given
     * (else empty).
     *
     * @throws threadring.bench.util.UsageException for a combination the workload refuses, naming the option
     */
    List<S> series(Context c, List<Integer> works);

    /**
     * The steps of a pass: for {@code run}, fixed for every id (else null: calibrated per id, or
     * not a calibrated workload); for {@code check}, the steps of one check.
     */
    Integer steps(Context c);

    /** Whether the shared {@code --work} option applies to it (consumeCPU per step). */
    default boolean takesWork() {
        return false;
    }

    /** Its options given, by name (what {@code --soak} refuses, drawing its own): the names in {@link #arguments}. */
    default List<String> given() {
        return arguments().stream().filter(a -> a.startsWith("--")).distinct().toList();
    }

    /** Its options given, as arguments again (a child JVM of the same command parses them to the same sizes). */
    List<String> arguments();
}
