package threadring.bench.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import threadring.bench.stats.ForkSeries;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;

/**
 * What one id measured: JMH's scored passes ({@link Passes}: the ring, the rendezvous, the
 * fan-out) or a runner's own record, such as the echo server's repetitions under wrk
 * ({@code echo.EchoScore}, a {@link ScoreKind}). Either way one value list per
 * JVM (a fork, a server repetition), and a {@link #cost}: the time one step takes, so that every
 * row reads the same way, lower is faster.
 */
public interface Score {

    /** Nanoseconds per step (hop, exchanged value, operation, request), one list per JVM. */
    List<List<Double>> nsPerStep();

    /** {@link #nsPerStep} summarised over JVMs. */
    default Stats.Summary cost() {
        return cost(RerunComponent.NONE);
    }

    /** The same, as a row: its intervals carry the run-to-run component {@code rerun}. */
    default Stats.Summary cost(RerunComponent rerun) {
        return Stats.summarize(nsPerStep(), rerun);
    }

    /** Whether it has a level to summarise (a server that answered no request has none). */
    default boolean hasLevel() {
        return true;
    }

    /** What its row is read by, in its workload's unit: {@link #cost} (ns per step), or a rate a runner reads instead. */
    default Stats.Summary reading() {
        return cost();
    }

    /**
     * The scored passes (no profiler): each fork's whole series of JMH iterations, warm-up first,
     * each iteration the passes it ran and their mean time. A pass is {@code steps} steps: hops,
     * exchanged values, or 1 (a fan-out is timed per operation). {@code iterationMs}: each
     * iteration's length; {@code pilot}: the first forks that planned how many forks the row got
     * (null: the count was fixed in advance).
     */
    record Passes(String benchmark, int steps, List<String> jvmArgs, Integer iterationMs, Integer pilot,
            List<Fork> forks) implements Score {

        @Override
        public List<List<Double>> nsPerStep() {
            return forks.stream().map(f -> f.measured().stream().map(i -> i.msPerPass() * 1e6 / steps).toList()).toList();
        }

        /** Milliseconds per pass of each fork's measured iterations (JMH's rawData). */
        public List<List<Double>> msPerPass() {
            return forks.stream().map(f -> f.measured().stream().map(Iteration::msPerPass).toList()).toList();
        }

        /** Every fork's whole series in ns per step, warm-up first (only the measured ones where warm-up was not recorded). */
        public List<ForkSeries> series() {
            return forks.stream().map(f -> f.series(steps)).toList();
        }

        /** Forks classified over their whole series, in states, with the interval their planning allows. */
        @Override
        public Stats.Summary cost(RerunComponent rerun) {
            return Stats.summarize(series(), pilot, rerun);
        }
    }

    /**
     * One JVM of a row: its warm-up iterations (null in runs that did not record them), its
     * measured ones, the round it ran in (null: runs before forks ran in rounds) and when it started.
     */
    record Fork(List<Iteration> warmup, List<Iteration> measured, Integer round, String started) {

        /** The whole series in ns per step, each iteration's length in seconds where its passes are known. */
        public ForkSeries series(int steps) {
            List<Iteration> all = new ArrayList<>(warmup == null ? List.of() : warmup);
            all.addAll(measured);
            double[] values = all.stream().mapToDouble(i -> i.msPerPass() * 1e6 / steps).toArray();
            boolean timed = all.stream().allMatch(i -> i.passes() > 0);
            double[] seconds = timed ? all.stream().mapToDouble(i -> i.ms() / 1000).toArray() : null;
            return new ForkSeries(values, warmup == null ? 0 : warmup.size(), seconds);
        }

        public double warmupMs() {
            return warmup == null ? Double.NaN : warmup.stream().mapToDouble(Iteration::ms).sum();
        }

        public long warmupPasses() {
            return warmup == null ? 0 : warmup.stream().mapToLong(Iteration::passes).sum();
        }
    }

    /**
     * One JMH iteration: the passes it ran (0: not recorded), their mean time, and what it cost
     * beside its time: each counter a probe read by name ({@code threadring.bench.counters}: its
     * wall and CPU milliseconds, switches, bytes, ...; null where not measured).
     */
    record Iteration(long passes, double msPerPass, Map<String, Double> counters) {
        public double ms() {
            return passes * msPerPass;
        }

        /** Its counter {@code name}, or null where it was not read. */
        public Double counter(String name) {
            return counters == null ? null : counters.get(name);
        }
    }
}
