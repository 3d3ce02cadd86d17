package threadring.bench.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.WorkloadParams;

/**
 * JMH results of one id run in several batches of forks (the first forks, then the ones
 * {@link threadring.bench.stats.Forks} adds), made into one result as if JMH had run them all at
 * once: every fork's iterations, and the parameters of the first batch with the total fork count,
 * so that the run's jmh-result.json says how many forks its raw data holds.
 */
final class MoreForks {

    private MoreForks() {}

    static RunResult merge(List<RunResult> batches) {
        if (batches.size() == 1) {
            return batches.get(0);
        }
        List<BenchmarkResult> forks = new ArrayList<>();
        batches.forEach(b -> forks.addAll(b.getBenchmarkResults()));
        return new RunResult(withForks(batches.get(0).getParams(), forks.size()), forks);
    }

    /** The same result with JMH's {@code jvm} (the java its forks ran) as {@code shown} writes it. */
    static RunResult withJvm(RunResult r, UnaryOperator<String> shown) {
        BenchmarkParams p = r.getParams();
        return new RunResult(with(p, p.getForks(), shown.apply(p.getJvm())), r.getBenchmarkResults());
    }

    /** The same parameters with another fork count. */
    static BenchmarkParams withForks(BenchmarkParams p, int forks) {
        return with(p, forks, p.getJvm());
    }

    private static BenchmarkParams with(BenchmarkParams p, int forks, String jvm) {
        WorkloadParams params = new WorkloadParams();
        int order = 0;
        for (String key : p.getParamsKeys()) {
            params.put(key, p.getParam(key), order++);
        }
        return new BenchmarkParams(p.getBenchmark(), p.generatedBenchmark(), p.shouldSynchIterations(), p.getThreads(),
                p.getThreadGroups(), p.getThreadGroupLabels(), forks, p.getWarmupForks(), p.getWarmup(),
                p.getMeasurement(), p.getMode(), params, p.getTimeUnit(), p.getOpsPerInvocation(), jvm,
                p.getJvmArgs(), p.getJdkVersion(), p.getVmName(), p.getVmVersion(), p.getJmhVersion(), p.getTimeout());
    }
}
