package threadring.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.AverageTimeResult;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/** Batches of forks of one id merged into one JMH result, as if JMH had run them at once. */
class MoreForksTest {

    private static BenchmarkParams params(int forks) {
        WorkloadParams w = new WorkloadParams();
        w.put("hops", "1000", 0);
        w.put("nodes", "503", 1);
        return new BenchmarkParams("x.XBenchmark.pass", "x.gen.XBenchmark_pass_jmhTest", false, 1, new int[] {1},
                List.of(), forks, 0, new IterationParams(IterationType.WARMUP, 2, TimeValue.milliseconds(500), 1),
                new IterationParams(IterationType.MEASUREMENT, 8, TimeValue.milliseconds(500), 1), Mode.AverageTime, w,
                TimeUnit.MILLISECONDS, 1, "/jdk/bin/java", List.of("-Xmx512m", "-Dy=2"), "25.0.3", "VM", "25.0.3+9",
                "1.37", TimeValue.minutes(10));
    }

    /** A batch of {@code forks} forks of one iteration each, at {@code ms} per pass. */
    private static RunResult batch(int forks, double ms) {
        BenchmarkParams p = params(forks);
        List<BenchmarkResult> results = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            IterationResult i = new IterationResult(p, p.getMeasurement(), new IterationResultMetaData(10, 10));
            i.addResult(new AverageTimeResult(ResultRole.PRIMARY, "pass", 10, (long) (ms * 10 * 1e6), TimeUnit.MILLISECONDS));
            results.add(new BenchmarkResult(p, List.of(i)));
        }
        return new RunResult(p, results);
    }

    @Test
    void oneBatchIsItself() {
        RunResult only = batch(4, 1.0);
        assertSame(only, MoreForks.merge(List.of(only)));
    }

    @Test
    void batchesMergeIntoOneResultOfEveryFork() {
        RunResult merged = MoreForks.merge(List.of(batch(4, 1.0), batch(2, 2.0)));
        assertEquals(6, merged.getParams().getForks());
        assertEquals(6, merged.getBenchmarkResults().size());
        List<Double> scores = merged.getBenchmarkResults().stream()
                .map(b -> b.getIterationResults().iterator().next().getPrimaryResult().getScore()).toList();
        assertEquals(List.of(1.0, 1.0, 1.0, 1.0, 2.0, 2.0), scores);
    }

    @Test
    void anotherForkCountKeepsEveryOtherParameter() {
        BenchmarkParams p = params(4);
        BenchmarkParams q = MoreForks.withForks(p, 9);
        assertEquals(9, q.getForks());
        assertEquals(4, p.getForks());
        assertEquals(p.getBenchmark(), q.getBenchmark());
        assertEquals(List.copyOf(p.getParamsKeys()), List.copyOf(q.getParamsKeys()));
        assertEquals("1000", q.getParam("hops"));
        assertEquals("503", q.getParam("nodes"));
        assertEquals(List.copyOf(p.getJvmArgs()), List.copyOf(q.getJvmArgs()));
        assertEquals(p.getWarmup(), q.getWarmup());
        assertEquals(p.getMeasurement(), q.getMeasurement());
        assertEquals(p.getMode(), q.getMode());
        assertEquals(p.getTimeout(), q.getTimeout());
        assertEquals(p.getJdkVersion(), q.getJdkVersion());
    }
}
