package threadring.bench.sweep;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import threadring.bench.data.Settings;

/**
 * Everything a sweep needs, resolved and validated by the command line: the settings, the JDK
 * homes ({@code jdks} empty: the one running this), where runs are written, whether JMH's output
 * goes to the console too, the slice of the plan to run ({@code shard} null: all of it), and
 * whether the workloads were asked for by name ({@code --workload}: one this machine cannot measure
 * is then a usage error, where the default sweep skips it with the reason), and the flags each JDK
 * and cpu set is measured with once more, beside its plain JVMs ({@code beside} empty: none), and the
 * minutes the sweep is planned to ({@code budgetMinutes}, null: none; the default sweep's is 60), and
 * the shorter sweep it becomes where the budget cannot hold it ({@code shorter}, null: none; the
 * default sweep's is the short answer).
 */
public record Request(Settings settings, List<Path> jdks, Path results, boolean verbose, Shards.Spec shard,
        boolean workloadsNamed, List<String> beside, Integer budgetMinutes, Supplier<Request> shorter) {

    /** A request with no time budget: every optional part runs. */
    public Request(Settings settings, List<Path> jdks, Path results, boolean verbose, Shards.Spec shard,
            boolean workloadsNamed, List<String> beside) {
        this(settings, jdks, results, verbose, shard, workloadsNamed, beside, null, null);
    }
}
