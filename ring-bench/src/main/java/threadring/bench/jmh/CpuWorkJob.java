package threadring.bench.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import threadring.bench.data.RunFile;
import threadring.core.CpuWorkBenchmark;

/**
 * The JMH child that measures one {@code Blackhole.consumeCPU(work)} per work value, in the
 * configuration (JDK, cpu set) of the fan-out it serves: started by the sweep as
 * {@code [taskset -c CPUS] java -cp benchmarks.jar threadring.bench.CpuWorkJob SPEC.json}.
 */
public final class CpuWorkJob {

    /** Work values to measure, JMH's forks (null: the benchmark's) and where to write the results. */
    public record Spec(List<Integer> works, Integer forks, String resultFile) {}

    /** One work value's ns per call, one list per fork. */
    public record Measured(int work, List<List<Double>> nsPerCall) {}

    private CpuWorkJob() {}

    public static void main(String[] args) throws IOException, RunnerException {
        Spec spec = RunFile.readJson(Path.of(args[0]), Spec.class);
        List<Measured> results = new ArrayList<>();
        for (int work : spec.works()) {
            ChainedOptionsBuilder o = new OptionsBuilder()
                    .include("^" + java.util.regex.Pattern.quote(CpuWorkBenchmark.class.getName() + ".consume") + "$")
                    .param("work", String.valueOf(work)).timeUnit(TimeUnit.NANOSECONDS).shouldFailOnError(true);
            if (spec.forks() != null) {
                o.forks(spec.forks());
            }
            Collection<RunResult> run = new Runner(o.build(),
                    OutputFormatFactory.createFormatInstance(System.out, VerboseMode.NORMAL)).run();
            RunResult r = run.iterator().next();
            List<List<Double>> forks = new ArrayList<>();
            for (BenchmarkResult fork : r.getBenchmarkResults()) {
                forks.add(fork.getIterationResults().stream().map(i -> i.getPrimaryResult().getScore()).toList());
            }
            results.add(new Measured(work, forks));
            RunFile.writeJson(Path.of(spec.resultFile()), results);
        }
        System.exit(0);
    }
}
