package threadring.bench.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import threadring.bench.data.CpuWork;
import threadring.bench.data.Json;
import threadring.bench.data.Probe;
import threadring.bench.data.RunFile;
import threadring.bench.util.Errors;
import threadring.bench.util.Processes;
import threadring.core.CpuWorkBenchmark;
import threadring.core.CrossCpuBenchmark;
import threadring.core.SpeedProbeBenchmark;

/**
 * What the host measures of the machine itself, in each configuration's JVMs: the single-thread
 * speed probe ({@link SpeedProbeBenchmark}) and, with two cpus or more, the cross-CPU handoff
 * ({@link CrossCpuBenchmark}), at the start, the middle and the end of the rounds; and what one
 * consumeCPU(work) costs for each work of the run's fan-outs (their ideal time needs it). A probe
 * that fails is logged and left out; nothing else depends on it.
 */
final class Probes {

    private final HostSpec spec;
    private final List<Probe> probes = new ArrayList<>();

    Probes(HostSpec spec) {
        this.spec = spec;
    }

    void run(String when) throws IOException {
        for (HostSpec.Config c : spec.configurations()) {
            System.out.println("threadring: " + Probe.SPEED + (c.cpus() >= 2 ? " and " + Probe.CROSS_CPU : "") + " on "
                    + c.label() + " (" + when + " of the run): the machine's own speed");
            measure(c, when, Probe.SPEED, SpeedProbeBenchmark.class.getName() + ".hop");
            if (c.cpus() >= 2) {
                measure(c, when, Probe.CROSS_CPU, CrossCpuBenchmark.class.getName() + ".handoff");
            }
        }
    }

    private void measure(HostSpec.Config c, String when, String id, String benchmark) throws IOException {
        try {
            RunResult r = OneFork.only(JmhLock.waiting(() -> new Runner(options(c, benchmark).build(), OneFork.console())
                    .run(), JmhLock.WAIT, System.out::println), id);
            probes.add(new Probe(c.label(), when, id, r.getBenchmarkResults().stream().map(f -> f.getIterationResults()
                    .stream().map(i -> i.getPrimaryResult().getScore()).toList()).toList()));
            Json.write(Path.of(spec.runDir()).resolve(RunFile.JOBS).resolve(HostSpec.PROBES), probes);
        } catch (RunnerException | RuntimeException e) {
            System.out.println("threadring: " + id + " on " + c.label() + " failed: " + Errors.describe(e));
        }
    }

    static ChainedOptionsBuilder options(HostSpec.Config c, String benchmark) {
        // jvmArgs() empty: a fork would otherwise inherit the host JVM's own flags, which an older JDK refuses
        return new OptionsBuilder().include("^" + Pattern.quote(benchmark) + "$").jvm(c.java()).jvmArgs()
                .jvmArgsPrepend(Processes.quietUnsafe(c.feature()).toArray(String[]::new))
                .timeUnit(TimeUnit.NANOSECONDS).shouldFailOnError(true);
    }

    /** consumeCPU(work) in every configuration, for every work of the run's fan-outs. */
    void cpuWork() throws IOException {
        if (spec.cpuWorks().isEmpty()) {
            return;
        }
        List<CpuWork> costs = new ArrayList<>();
        for (HostSpec.Config c : spec.configurations()) {
            for (int work : spec.cpuWorks()) {
                System.out.println("threadring: consumeCPU(" + work + ") on " + c.label()
                        + " (the fan-out's ideal time needs it)");
                try {
                    ChainedOptionsBuilder o = options(c, CpuWorkBenchmark.class.getName() + ".consume")
                            .param("work", String.valueOf(work));
                    RunResult r = OneFork.only(JmhLock.waiting(() -> new Runner(o.build(), OneFork.console()).run(),
                            JmhLock.WAIT, System.out::println), "consumeCPU");
                    costs.add(new CpuWork(c.label(), work, r.getBenchmarkResults().stream().map(f -> f
                            .getIterationResults().stream().map(i -> i.getPrimaryResult().getScore()).toList()).toList()));
                    Json.write(Path.of(spec.runDir()).resolve(RunFile.JOBS).resolve(HostSpec.CPU_WORK), costs);
                } catch (RunnerException | RuntimeException e) {
                    System.out.println("threadring: consumeCPU(" + work + ") on " + c.label() + " failed: "
                            + Errors.describe(e) + "; the fan-out's ideal time stays unknown");
                }
            }
        }
    }
}
