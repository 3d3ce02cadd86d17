package threadring.bench.workloads.fairness;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import threadring.bench.options.Context;
import threadring.bench.options.SizeOptions;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.util.Converters;
import threadring.bench.util.UsageException;
import threadring.core.Workload;
import threadring.core.fairness.Fairness;
import threadring.core.fairness.FairnessSize;

/**
 * Fairness's options: hogs, chunks, each chunk's work and the probe's period make one series per
 * combination (default twice the cpus, 5,000 chunks of 2,500 units, 1,000 µs; {@code --quick} and
 * {@code check} 500 chunks). Asked for by {@code --workload fairness}: the default sweep leaves it out.
 */
public final class FairnessOptions implements WorkloadOptions<FairnessSize> {

    /** The chunks a hog runs in {@code --quick} and {@code check}. */
    static final int SMALL_CHUNKS = 500;

    @Option(names = "--hogs", paramLabel = "H", converter = Converters.Positive.class,
            description = "Fairness: busy tasks beside the probe; repeat for one series per value (default twice the "
                    + "cpus).")
    List<Integer> hogs = new ArrayList<>();

    @Option(names = "--chunks", paramLabel = "C", converter = Converters.NonNegative.class,
            description = "Fairness: chunks of work each hog runs; repeat for one series per value (default 5000; "
                    + "--quick and check 500).")
    List<Integer> chunks = new ArrayList<>();

    @Option(names = "--chunk-work", paramLabel = "W", converter = Converters.NonNegative.class,
            description = "Fairness: consumeCPU units of one chunk; repeat for one series per value (default 2500).")
    List<Integer> chunkWork = new ArrayList<>();

    @Option(names = "--period-us", paramLabel = "P", converter = Converters.Positive.class,
            description = "Fairness: how long the probe sleeps each time, in microseconds; repeat for one series per "
                    + "value (default 1000).")
    List<Integer> periodsUs = new ArrayList<>();

    @Override
    public Workload<FairnessSize, ?> workload() {
        return Fairness.WORKLOAD;
    }

    @Override
    public boolean byDefault(Context c) {
        return false;
    }

    @Override
    public List<FairnessSize> series(Context c, List<Integer> works) {
        int small = c.check() || c.quick() ? SMALL_CHUNKS : Fairness.DEFAULT_CHUNKS;
        List<FairnessSize> runs = new ArrayList<>();
        for (int h : SizeOptions.or(hogs, List.of(2 * Runtime.getRuntime().availableProcessors()))) {
            for (int ch : SizeOptions.or(chunks, List.of(small))) {
                for (int w : SizeOptions.or(chunkWork, List.of(Fairness.DEFAULT_CHUNK_WORK))) {
                    for (int p : SizeOptions.or(periodsUs, List.of(Fairness.DEFAULT_PERIOD_US))) {
                        try {
                            runs.add(new FairnessSize(h, ch, w, p));
                        } catch (IllegalArgumentException e) {
                            throw new UsageException("--" + e.getMessage().replace("_", "-"));
                        }
                    }
                }
            }
        }
        return runs;
    }

    @Override
    public Integer steps(Context c) {
        return c.check() ? Integer.valueOf(1) : null;
    }

    @Override
    public List<String> arguments() {
        List<String> args = new ArrayList<>(SizeOptions.repeat("--hogs", hogs));
        args.addAll(SizeOptions.repeat("--chunks", chunks));
        args.addAll(SizeOptions.repeat("--chunk-work", chunkWork));
        args.addAll(SizeOptions.repeat("--period-us", periodsUs));
        return args;
    }
}
