package threadring.bench.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --results}: where run and footprint write their run folders. */
public final class ResultsOption {

    @Option(names = "--results", paramLabel = "DIR",
            description = "Where runs are written (default: results/ next to benchmark.sh).")
    Path results;

    /** The folder given, else {@code absent}; absolute. */
    public Path orElse(Path absent) {
        return (results != null ? results : absent).toAbsolutePath().normalize();
    }
}
