package threadring.bench.docs;

import java.util.List;
import java.util.stream.Collectors;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Workload;
import threadring.core.workloads.Workloads;

/**
 * The ids of every workload as the registry has them, for docs/implementations.md: those the default
 * sweep measures, then the others, in the registry's order. Written by {@code ./benchmark.sh docs},
 * so the page's list cannot drift from the code.
 */
public final class IdTable {

    private IdTable() {}

    /** The table of {@code factories}' ids per workload, with the count of ids and the command that describes them. */
    public static String markdown(RingFactories factories) {
        if (!factories.unloadable().isEmpty()) {
            throw new IllegalArgumentException(factories.unloadable().size() + " providers cannot load on JDK "
                    + Runtime.version().feature() + " (" + factories.unloadable().get(0) + "): the list would miss ids");
        }
        StringBuilder md = new StringBuilder();
        md.append("| workload | ids in the default sweep | other ids |\n|---|---|---|\n");
        for (Workload<?, ?> w : Workloads.ALL) {
            List<RingFactory> runs = factories.all().stream().filter(f -> f.runs(w)).toList();
            md.append("| ").append(w.label()).append(" (").append(runs.size()).append(") | ")
                    .append(ids(runs.stream().filter(f -> f.inDefaultSweep(w)).toList())).append(" | ")
                    .append(ids(runs.stream().filter(f -> !f.inDefaultSweep(w)).toList())).append(" |\n");
        }
        md.append("\n").append(factories.all().size()).append(" ids in all; `./benchmark.sh list` prints what each "
                + "measures, its JVM flags and its known issues.\n");
        return md.toString();
    }

    private static String ids(List<RingFactory> factories) {
        return factories.isEmpty() ? "none"
                : factories.stream().map(f -> "`" + f.id() + "`").collect(Collectors.joining(", "));
    }
}
