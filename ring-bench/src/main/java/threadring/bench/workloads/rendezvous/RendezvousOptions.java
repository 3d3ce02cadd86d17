package threadring.bench.workloads.rendezvous;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import threadring.bench.data.Presets;
import threadring.bench.options.Context;
import threadring.bench.options.SizeOptions;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.util.Converters;
import threadring.core.Workload;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.rendezvous.RendezvousSize;

/** The rendezvous's options: one series; values per exchange are each id's own, calibrated, unless given. */
public final class RendezvousOptions implements WorkloadOptions<RendezvousSize> {

    /** Values of one check of a rendezvous. */
    static final int CHECK_VALUES = 1_000_000;

    @Option(names = "--values", paramLabel = "M", converter = Converters.Positive.class,
            description = "Rendezvous: values per exchange for every id (run: each id's own, calibrated to "
                    + "--pass-ms; check: 1000000; JMH by hand: 10^7).")
    Integer values;

    @Override
    public Workload<RendezvousSize, ?> workload() {
        return Rendezvous.WORKLOAD;
    }

    @Override
    public boolean byDefault(Context c) {
        return !c.check();
    }

    @Override
    public List<RendezvousSize> series(Context c, List<Integer> works) {
        return List.of(new RendezvousSize());
    }

    @Override
    public Integer steps(Context c) {
        if (values != null) {
            return values;
        }
        return c.check() ? Integer.valueOf(CHECK_VALUES) : c.quick() ? Integer.valueOf(Presets.QUICK_STEPS)
                : c.longRun() ? Integer.valueOf(Presets.LONG_STEPS) : null;
    }

    @Override
    public List<String> arguments() {
        return new ArrayList<>(SizeOptions.repeat("--values", values == null ? List.of() : List.of(values)));
    }
}
