package threadring.bench.workloads.skynet;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import threadring.bench.options.Context;
import threadring.bench.options.SizeOptions;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.util.Converters;
import threadring.bench.util.UsageException;
import threadring.core.Workload;
import threadring.core.skynet.Skynet;
import threadring.core.skynet.SkynetSize;

/**
 * Skynet's options: branching and levels make one series per combination (default the original's
 * 10 and 6: 10^6 leaves); one step is one tree, read per task. The scale series of the issue is
 * {@code --levels 4 --levels 5 --levels 6 --levels 7} (10^4 to 10^7 leaves).
 */
public final class SkynetOptions implements WorkloadOptions<SkynetSize> {

    @Option(names = "--branching", paramLabel = "B", converter = Converters.Positive.class,
            description = "Skynet: children per task (at least 2); repeat for one series per value (default 10).")
    List<Integer> branchings = new ArrayList<>();

    @Option(names = "--levels", paramLabel = "D", converter = Converters.NonNegative.class,
            description = "Skynet: levels below the root (B^D leaves); repeat for one series per value (default 6).")
    List<Integer> levels = new ArrayList<>();

    @Override
    public Workload<SkynetSize, ?> workload() {
        return Skynet.WORKLOAD;
    }

    @Override
    public boolean byDefault(Context c) {
        return !c.check();
    }

    @Override
    public List<SkynetSize> series(Context c, List<Integer> works) {
        List<SkynetSize> trees = new ArrayList<>();
        for (int b : SizeOptions.or(branchings, List.of(Skynet.DEFAULT_BRANCHING))) {
            for (int d : SizeOptions.or(levels, List.of(Skynet.DEFAULT_DEPTH))) {
                try {
                    trees.add(new SkynetSize(b, d));
                } catch (IllegalArgumentException e) {
                    throw new UsageException("--" + e.getMessage().replace("depth", "levels"));
                }
            }
        }
        return trees;
    }

    @Override
    public Integer steps(Context c) {
        return c.check() ? Integer.valueOf(1) : null;
    }

    @Override
    public List<String> arguments() {
        List<String> args = new ArrayList<>(SizeOptions.repeat("--branching", branchings));
        args.addAll(SizeOptions.repeat("--levels", levels));
        return args;
    }
}
