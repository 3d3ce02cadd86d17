package threadring.bench.options;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import threadring.bench.util.Converters;

/** {@code --nodes}: ring sizes, for the ring's series ({@link SizeOptions}) and for {@code footprint}. */
public final class NodesOption {

    @Option(names = "--nodes", paramLabel = "N", converter = Converters.Nodes.class,
            description = "Ring size; repeat for one series per size (--nodes 503 --nodes 1000000). Default: run "
                    + "and check 503 (run: the environment variable workerCount if set), footprint 10000 and 1000000.")
    List<Integer> nodes = new ArrayList<>();

    /** The sizes given, distinct and in order, or {@code absent}. */
    public List<Integer> orElse(List<Integer> absent) {
        return nodes.isEmpty() ? absent : nodes.stream().distinct().toList();
    }

    /** Whether any was given. */
    public boolean given() {
        return !nodes.isEmpty();
    }
}
