package threadring.bench.units;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import picocli.CommandLine;
import threadring.bench.options.Context;
import threadring.bench.options.SizeOptions;
import threadring.bench.options.WorkloadOptions;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.workloads.Workloads;

/**
 * Every workload's unit, in the workloads' order, found with ServiceLoader: each workload's package
 * lists its unit in {@code META-INF/services/threadring.bench.units.WorkloadUnit}, so that no
 * command names a workload.
 */
public final class Units {

    /** Every unit, one per registered workload. */
    public static final List<WorkloadUnit<?>> ALL = load();

    private Units() {}

    private static List<WorkloadUnit<?>> load() {
        List<WorkloadUnit<?>> found = ServiceLoader.load(WorkloadUnit.class, Units.class.getClassLoader()).stream()
                .<WorkloadUnit<?>>map(ServiceLoader.Provider::get)
                .sorted((a, b) -> Workloads.ORDER.compare(a.workload(), b.workload())).toList();
        for (Workload<?, ?> w : Workloads.ALL) {
            long units = found.stream().filter(u -> u.workload().equals(w)).count();
            if (units != 1) {
                throw new IllegalStateException("the runner needs one unit for the " + w.label() + " (META-INF/services/"
                        + WorkloadUnit.class.getName() + "), found " + units);
            }
        }
        return found;
    }

    /** The unit of {@code w}: typed on w's size, as the one unit registered for w is. */
    @SuppressWarnings("unchecked") // load() keeps one unit per workload, whose type is its workload's
    public static <S extends Size> WorkloadUnit<S> of(Workload<S, ?> w) {
        return (WorkloadUnit<S>) ALL.stream().filter(u -> u.workload().equals(w)).findFirst().orElseThrow();
    }

    /**
     * Gives each command of {@code c} that takes the workloads' sizes ({@link SizeOptions.Holder}:
     * run, check) every workload's options, a mixin of its own; returns {@code c}. The command line
     * and a check's child JVM both build theirs with it, so a child parses what its parent was given.
     */
    public static CommandLine withOptions(CommandLine c) {
        if (c.getCommand() instanceof SizeOptions.Holder h) {
            h.sizes().add(c, ALL.stream().<WorkloadOptions<?>>map(WorkloadUnit::options).toList());
        }
        c.getSubcommands().values().forEach(Units::withOptions);
        return c;
    }

    /** The workloads {@code run} sweeps when none is named (a workload left to be asked for is not among them). */
    public static List<Workload<?, ?>> swept() {
        Context sweep = new Context(false, false, false, Map.of());
        return ALL.stream().filter(u -> u.options().byDefault(sweep)).<Workload<?, ?>>map(WorkloadUnit::workload).toList();
    }

    /** Every workload's baseline row, in the workloads' order. */
    public static List<String> baselines() {
        return ALL.stream().flatMap(u -> u.baseline().stream()).toList();
    }
}
