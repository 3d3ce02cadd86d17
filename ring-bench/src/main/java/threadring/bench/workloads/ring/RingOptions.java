package threadring.bench.workloads.ring;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import threadring.bench.data.Presets;
import threadring.bench.options.Context;
import threadring.bench.options.NodesOption;
import threadring.bench.options.SizeOptions;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.util.Converters;
import threadring.bench.util.UsageException;
import threadring.core.Workload;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;
import threadring.core.ring.Rings;

/**
 * The ring's options: nodes, tokens, depth (and the shared work) make one series per combination;
 * hops per pass are each id's own, calibrated, unless given (check: a million; the Benchmarks
 * Game's environment variables {@code workerCount} and {@code ringSize} set nodes and hops for a run).
 */
public final class RingOptions implements WorkloadOptions<RingSize> {

    /** Hops of one check of a ring. */
    static final int CHECK_HOPS = 1_000_000;

    @Mixin
    NodesOption nodes = new NodesOption();

    @Option(names = "--tokens", paramLabel = "T", converter = Converters.Positive.class,
            description = "Ring: tokens in flight (1 <= T < nodes); repeat for one series per value (default 1).")
    List<Integer> tokens = new ArrayList<>();

    @Option(names = "--depth", paramLabel = "D", converter = Converters.NonNegative.class,
            description = "Ring: frames each node waits below its loop; repeat for one series per value (default 0).")
    List<Integer> depths = new ArrayList<>();

    @Option(names = "--hops", paramLabel = "H", converter = Converters.Positive.class,
            description = "Ring: hops per pass for every id (run: each id's own, calibrated to --pass-ms, or the "
                    + "environment variable ringSize if set; check: 1000000; JMH by hand: 10^7).")
    Integer hops;

    @Override
    public Workload<RingSize, ?> workload() {
        return Ring.WORKLOAD;
    }

    @Override
    public boolean byDefault(Context c) {
        return true;
    }

    @Override
    public boolean takesWork() {
        return true;
    }

    @Override
    public List<RingSize> series(Context c, List<Integer> works) {
        Integer workers = c.check() ? null : c.env("workerCount", 2);
        List<RingSize> rings = new ArrayList<>();
        for (int n : nodes.orElse(List.of(workers != null ? workers : Rings.DEFAULT_NODES))) {
            for (int t : SizeOptions.or(tokens, List.of(1))) {
                for (int depth : SizeOptions.or(depths, List.of(0))) {
                    for (int w : SizeOptions.or(works, List.of(0))) {
                        rings.add(ring(n, t, depth, w));
                    }
                }
            }
        }
        return rings;
    }

    @Override
    public Integer steps(Context c) {
        if (hops != null) {
            return hops;
        }
        if (c.check()) {
            return CHECK_HOPS;
        }
        Integer ringSize = c.env("ringSize", 1);
        return ringSize != null ? ringSize : c.quick() ? Integer.valueOf(Presets.QUICK_STEPS)
                : c.longRun() ? Integer.valueOf(Presets.LONG_STEPS) : null;
    }

    /** A ring of these options; a combination the ring refuses is a usage error naming the option. */
    static RingSize ring(int nodes, int tokens, int depth, int work) {
        try {
            return new RingSize(nodes, tokens, depth, work);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--" + e.getMessage());
        }
    }

    @Override
    public List<String> arguments() {
        List<String> args = new ArrayList<>(SizeOptions.repeat("--nodes", nodes.orElse(List.of())));
        args.addAll(SizeOptions.repeat("--tokens", tokens));
        args.addAll(SizeOptions.repeat("--depth", depths));
        args.addAll(SizeOptions.repeat("--hops", hops == null ? List.of() : List.of(hops)));
        return args;
    }
}
