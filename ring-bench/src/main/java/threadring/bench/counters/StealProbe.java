package threadring.bench.counters;

import java.util.Map;

/** The machine's steal time (/proc/stat: the hypervisor running another guest on our cpus): a note, not a column. */
public final class StealProbe implements Probe {

    /** Its counter: the host's steal time over the iteration, ms (all cpus). */
    public static final String STEAL_MS = "stealMs";

    @Override
    public Object read(Source source) {
        return source.proc().stealNs();
    }

    @Override
    public Map<String, Double> between(Object start, Object end) {
        return Map.of(STEAL_MS, ((Long) end - (Long) start) / 1e6);
    }
}
