package threadring.bench.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import threadring.bench.data.RunFile;
import threadring.core.CrossCpuBenchmark;

/**
 * The JMH child of the machine probe {@code floor/cross-cpu} ({@link CrossCpuBenchmark}: ns per
 * one-way handoff between two platform threads), started by the sweep under a configuration's
 * taskset as {@code java -cp benchmarks.jar threadring.bench.jmh.ProbeJob OUT.json}; writes ns per
 * handoff, one list per fork.
 */
public final class ProbeJob {

    private ProbeJob() {}

    public static void main(String[] args) throws IOException, RunnerException {
        RunResult r = new Runner(new OptionsBuilder()
                .include("^" + java.util.regex.Pattern.quote(CrossCpuBenchmark.class.getName() + ".handoff") + "$")
                .timeUnit(TimeUnit.NANOSECONDS).shouldFailOnError(true).build(),
                OutputFormatFactory.createFormatInstance(System.out, VerboseMode.NORMAL)).run().iterator().next();
        List<List<Double>> forks = r.getBenchmarkResults().stream().map(f -> f.getIterationResults().stream()
                .map(i -> i.getPrimaryResult().getScore()).toList()).toList();
        RunFile.writeJson(Path.of(args[0]), forks);
        System.exit(0);
    }
}
