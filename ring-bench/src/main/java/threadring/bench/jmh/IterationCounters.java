package threadring.bench.jmh;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import threadring.bench.data.Score;

/**
 * What each iteration of a scored fork cost beside its time, read in the fork at the iteration's
 * start and end, outside the timed passes ({@link ProcCounters}): CPU time (all, and the
 * workload's, the collector's and the compiler's threads), context switches, cpu migrations, allocated bytes and
 * the machine's steal time. JMH runs it as an internal profiler, so its numbers reach the runner
 * and JMH's own JSON as secondary results of each iteration: totals ({@code cost.*}, which the
 * runner reads back into run.json) and per operation ({@code cost.*.per.op}, for tools that read
 * JMH's JSON). It is no profiler in the sense the scored passes avoid: it samples nothing while
 * they run (the runner's counters-on-and-off comparison is in docs/method.md).
 */
public final class IterationCounters implements InternalProfiler {

    static final String PREFIX = "cost.";

    private final ProcCounters proc = new ProcCounters();
    private ProcCounters.Snapshot start;

    @Override
    public String getDescription() {
        return "threadring: CPU, context switches, allocation and steal time of each iteration";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
        start = proc.read();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmark, IterationParams iteration,
            IterationResult result) {
        Score.Counters c = ProcCounters.between(start, proc.read());
        long ops = Math.max(1, result.getMetadata().getMeasuredOps());
        List<Result> out = new ArrayList<>();
        total(out, "wall.ms", c.wallMs(), "ms");
        total(out, "cpu.ms", c.cpuMs(), "ms");
        total(out, "cpu.workload.ms", c.workloadCpuMs(), "ms");
        total(out, "cpu.gc.ms", c.gcCpuMs(), "ms");
        total(out, "cpu.jit.ms", c.jitCpuMs(), "ms");
        total(out, "switches.voluntary", c.voluntarySwitches(), "#");
        total(out, "switches.involuntary", c.involuntarySwitches(), "#");
        total(out, "alloc.bytes", c.allocatedBytes(), "B");
        total(out, "steal.ms", c.stealMs(), "ms");
        total(out, "migrations", c.migrations(), "#");
        perOp(out, "cpu.ns.per.op", c.cpuMs() == null ? null : c.cpuMs() * 1e6 / ops, "ns/op");
        perOp(out, "cores", c.cpuMs() == null ? null : c.cpuMs() / c.wallMs(), "cores");
        perOp(out, "switches.per.op", c.voluntarySwitches() == null ? null
                : (double) (c.voluntarySwitches() + c.involuntarySwitches()) / ops, "#/op");
        perOp(out, "migrations.per.op", c.migrations() == null ? null : (double) c.migrations() / ops, "#/op");
        perOp(out, "alloc.bytes.per.op", c.allocatedBytes() == null ? null : (double) c.allocatedBytes() / ops, "B/op");
        return out;
    }

    private static void total(List<Result> out, String name, Number value, String unit) {
        if (value != null) {
            out.add(new ScalarResult(PREFIX + name, value.doubleValue(), unit, AggregationPolicy.SUM));
        }
    }

    private static void perOp(List<Result> out, String name, Double value, String unit) {
        if (value != null && Double.isFinite(value)) {
            out.add(new ScalarResult(PREFIX + name, value, unit, AggregationPolicy.AVG));
        }
    }

    /** An iteration's counters back from its secondary results (null where there are none: counters off). */
    static Score.Counters of(Map<String, Result> secondary) {
        Double wall = value(secondary, "wall.ms");
        if (wall == null) {
            return null;
        }
        return new Score.Counters(wall, value(secondary, "cpu.ms"), value(secondary, "cpu.workload.ms"),
                value(secondary, "cpu.gc.ms"), value(secondary, "cpu.jit.ms"), count(secondary, "switches.voluntary"),
                count(secondary, "switches.involuntary"), count(secondary, "alloc.bytes"), value(secondary, "steal.ms"),
                count(secondary, "migrations"));
    }

    private static Double value(Map<String, Result> secondary, String name) {
        for (Map.Entry<String, Result> e : secondary.entrySet()) {
            if (ProfilingPass.metric(e.getKey()).equals(PREFIX + name)) {
                return e.getValue().getScore();
            }
        }
        return null;
    }

    private static Long count(Map<String, Result> secondary, String name) {
        Double v = value(secondary, name);
        return v == null ? null : Math.round(v);
    }
}
