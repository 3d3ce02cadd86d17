package threadring.bench.data;

import java.util.List;

/**
 * What one fork's steps cost beside their time, over the iterations its level comes from: CPU
 * nanoseconds per step (all the JVM's threads), cores busy (CPU time over wall time), context
 * switches per step (voluntary and involuntary), cpu migrations and bytes allocated per step, and
 * the CPU's split by thread kind (shares of the JVM's CPU: the workload's live threads, the
 * collector's, the JIT compiler's; the rest is threads that ended within the iterations and the
 * JVM's other service threads). A part the counters did not have is null.
 */
public record StepCost(double cpuNs, double cores, Double switches, Double migrations, Double bytes,
        Double workloadShare, Double gcShare, Double jitShare) {

    /**
     * The cost of {@code iterations} of {@code steps} steps per pass; empty (null) if any of them
     * has no counters or no CPU time (counters off, another OS, runs before counters).
     */
    public static StepCost of(List<Score.Iteration> iterations, int steps) {
        if (iterations.isEmpty() || iterations.stream().anyMatch(i -> i.counters() == null
                || i.counters().cpuMs() == null || i.passes() <= 0)) {
            return null;
        }
        double stepsDone = iterations.stream().mapToDouble(i -> (double) i.passes() * steps).sum();
        double cpuMs = sum(iterations, c -> c.cpuMs());
        double wallMs = iterations.stream().mapToDouble(i -> i.counters().wallMs()).sum();
        return new StepCost(cpuMs * 1e6 / stepsDone, cpuMs / wallMs,
                per(iterations, c -> c.voluntarySwitches() == null || c.involuntarySwitches() == null ? null
                        : (double) (c.voluntarySwitches() + c.involuntarySwitches()), stepsDone),
                per(iterations, c -> c.migrations() == null ? null : c.migrations().doubleValue(), stepsDone),
                per(iterations, c -> c.allocatedBytes() == null ? null : c.allocatedBytes().doubleValue(), stepsDone),
                per(iterations, Score.Counters::workloadCpuMs, cpuMs), per(iterations, Score.Counters::gcCpuMs, cpuMs),
                per(iterations, Score.Counters::jitCpuMs, cpuMs));
    }

    private static double sum(List<Score.Iteration> iterations, java.util.function.Function<Score.Counters, Double> part) {
        return iterations.stream().mapToDouble(i -> part.apply(i.counters())).sum();
    }

    /** The sum of a part over the iterations divided by {@code over}; null if an iteration lacks it. */
    private static Double per(List<Score.Iteration> iterations, java.util.function.Function<Score.Counters, Double> part,
            double over) {
        if (iterations.stream().anyMatch(i -> part.apply(i.counters()) == null)) {
            return null;
        }
        return sum(iterations, part) / over;
    }
}
