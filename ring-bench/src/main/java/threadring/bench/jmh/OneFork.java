package threadring.bench.jmh;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import threadring.bench.data.Score;
import threadring.bench.util.Heap;
import threadring.bench.util.Processes;
import threadring.core.RingFactories;

/**
 * JMH's options for one task (an id in one series of one configuration), and one scored fork of
 * it: the fork starts through the configuration's java (its JDK, pinned to its cpus), with a heap
 * for the series' size and the id's own JVM flags (from its factory, the only place they are
 * written), runs {@code warmups} warm-up and the measured iterations, fails on any error, and is
 * killed if no iteration ends within the timeout ({@link Watchdog}).
 */
final class OneFork {

    private OneFork() {}

    /** The task's options at {@code steps} steps per pass: benchmark, params, JVM and flags, ms per pass. */
    static ChainedOptionsBuilder options(HostSpec spec, HostSpec.Config c, HostSpec.Task t, int steps) {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include("^" + Pattern.quote(t.size().benchmark()) + "$")
                .param("impl", t.id())
                .param("configuration", c.label());
        t.size().params(steps).forEach(o::param);
        return o.jvm(c.java()).jvmArgs()
                .jvmArgsPrepend(Stream.concat(Heap.flags(t.size().population()).stream(),
                        Processes.quietUnsafe(c.feature()).stream()).toArray(String[]::new))
                .jvmArgsAppend(Stream.of(RingFactories.load().require(t.id()).jvmArgs(), spec.scored().extraJvmArgs(),
                        c.flags()).flatMap(List::stream).toArray(String[]::new))
                .timeUnit(TimeUnit.MILLISECONDS)
                .timeout(TimeValue.minutes(spec.timeoutMinutes()))
                .shouldFailOnError(true);
    }

    /** One scored fork of the task with {@code warmups} warm-up iterations; the fork's series and JMH's result. */
    record Outcome(Score.Fork fork, RunResult result) {}

    static Outcome run(HostSpec spec, HostSpec.Config c, HostSpec.Task t, int steps, int warmups, int round,
            String started) throws RunnerException {
        ChainedOptionsBuilder o = options(spec, c, t, steps).forks(1).warmupIterations(warmups);
        if (spec.scored().iterations() != null) {
            o.measurementIterations(spec.scored().iterations());
        }
        iterationTime(o, spec.scored().iterationMs());
        if (spec.counters()) {
            o.addProfiler(IterationCounters.class);
        }
        return JmhLock.waiting(() -> once(spec, t, o, round, started), JmhLock.WAIT, System.out::println);
    }

    private static Outcome once(HostSpec spec, HostSpec.Task t, ChainedOptionsBuilder o, int round, String started)
            throws RunnerException {
        IterationLog log = new IterationLog(console(), (w, f, i, it) -> { });
        try (Watchdog watchdog = new Watchdog(t.id(), Duration.ofMinutes(spec.timeoutMinutes()))) {
            try {
                RunResult r = only(new Runner(o.build(), log.listening((w, f, i, it) -> watchdog.progress())).run(),
                        t.id());
                List<Score.Fork> forks = log.forks(round, started);
                if (forks.size() != 1) {
                    throw new IllegalStateException("JMH reported " + forks.size() + " forks of " + t.id() + ", not one");
                }
                return new Outcome(forks.get(0), r);
            } catch (RunnerException | RuntimeException e) {
                if (watchdog.fired() != null) {
                    throw new IllegalStateException(watchdog.fired(), e);
                }
                throw e;
            }
        }
    }

    /** Warm-up and measured iterations of {@code ms} each; null keeps the benchmark's annotations. */
    static void iterationTime(ChainedOptionsBuilder o, Integer ms) {
        if (ms != null) {
            o.warmupTime(TimeValue.milliseconds(ms)).measurementTime(TimeValue.milliseconds(ms));
        }
    }

    /** JMH's own console text, on this process's standard output (the sweep keeps it in console.log). */
    static OutputFormat console() {
        return OutputFormatFactory.createFormatInstance(System.out, VerboseMode.NORMAL);
    }

    static RunResult only(Collection<RunResult> results, String id) {
        if (results.size() != 1) {
            throw new IllegalStateException("expected one JMH result for " + id + ", got " + results.size());
        }
        return results.iterator().next();
    }
}
