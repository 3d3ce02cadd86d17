package threadring.bench.data;

import java.util.List;
import threadring.bench.stats.Stats;

/** What one Blackhole.consumeCPU(work) cost in a configuration: ns per call, one list per fork. */
public record CpuWork(String configuration, int work, List<List<Double>> nsPerCall) {
    public Stats.Summary summary() {
        return Stats.summarize(nsPerCall);
    }
}
