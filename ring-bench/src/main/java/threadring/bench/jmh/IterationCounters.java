package threadring.bench.jmh;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import threadring.bench.counters.Counters;
import threadring.bench.counters.Probe;
import threadring.bench.util.LinuxProc;

/**
 * What each iteration of a scored fork cost beside its time, read in the fork at the iteration's
 * start and end, outside the timed passes, by every probe ({@link Counters}): JMH runs it as an
 * internal profiler, so that each counter reaches the runner and JMH's own JSON as a secondary
 * result of the iteration ({@code cost.<counter>}, summed; the runner reads them back into
 * run.json by name), with per-operation values for tools that read JMH's JSON
 * ({@code cost.<counter>.per.op}). It is no profiler in the sense the scored passes avoid: it
 * samples nothing while they run (docs/method.md compares counters on and off).
 */
public final class IterationCounters implements InternalProfiler {

    static final String PREFIX = "cost.";
    static final String PER_OP = ".per.op";

    private final Counters counters;
    private Counters.Reading start;

    /** What JMH makes: this JVM's counters. */
    public IterationCounters() {
        this(new Probe.Source(LinuxProc.self(), true));
    }

    /** Counters read from {@code source} (a test gives a /proc folder of its own). */
    IterationCounters(Probe.Source source) {
        this.counters = new Counters(source);
    }

    @Override
    public String getDescription() {
        return "threadring: what each iteration cost beside its time (every probe's counters)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
        start = counters.read();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmark, IterationParams iteration,
            IterationResult result) {
        Map<String, Double> c = Counters.between(start, counters.read());
        long ops = Math.max(1, result.getMetadata().getMeasuredOps());
        List<Result> out = new ArrayList<>();
        c.forEach((name, v) -> {
            out.add(new ScalarResult(PREFIX + name, v, "#", AggregationPolicy.SUM));
            out.add(new ScalarResult(PREFIX + name + PER_OP, v / ops, "#/op", AggregationPolicy.AVG));
        });
        return out;
    }

    /** An iteration's counters back from its secondary results (null where there are none: counters off). */
    static Map<String, Double> of(Map<String, Result> secondary) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Map.Entry<String, Result> e : secondary.entrySet()) {
            String name = JmhScores.metric(e.getKey());
            if (name.startsWith(PREFIX) && !name.endsWith(PER_OP)) {
                out.put(name.substring(PREFIX.length()), e.getValue().getScore());
            }
        }
        return out.containsKey(Counters.WALL_MS) ? out : null;
    }
}
