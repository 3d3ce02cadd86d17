package threadring.bench.workloads.fanout;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import threadring.bench.options.Context;
import threadring.bench.options.DelayOption;
import threadring.bench.options.SizeOptions;
import threadring.bench.options.WorkloadOptions;
import threadring.bench.util.Converters;
import threadring.core.Workload;
import threadring.core.fanout.FanOut;
import threadring.core.fanout.FanOutSize;

/**
 * The fan-out's options: tasks, delay (and the shared work) make one series per combination; one
 * step is one operation. A sweep that names no {@code --work} measures W = 0 alone: the default
 * sweep's time went to every model's echo server instead of the jdk-dev thread's second series.
 */
public final class FanOutOptions implements WorkloadOptions<FanOutSize> {

    @Option(names = "--tasks", paramLabel = "T", converter = Converters.NonNegative.class,
            description = "Fan-out: tasks per operation; repeat for one series per value (default 100000).")
    List<Integer> tasks = new ArrayList<>();

    @Mixin
    DelayOption delays = new DelayOption();

    @Override
    public Workload<FanOutSize, ?> workload() {
        return FanOut.WORKLOAD;
    }

    @Override
    public boolean byDefault(Context c) {
        return !c.check();
    }

    @Override
    public boolean takesWork() {
        return true;
    }

    @Override
    public List<FanOutSize> series(Context c, List<Integer> works) {
        List<FanOutSize> fanOuts = new ArrayList<>();
        for (int t : SizeOptions.or(tasks, List.of(FanOut.DEFAULT_TASKS))) {
            for (int delay : SizeOptions.or(delays.upTo(FanOut.MAX_TIMED_DELAY_MS, "a minute: one JMH operation"),
                    List.of(FanOut.DEFAULT_DELAY_MS))) {
                for (int w : SizeOptions.or(works, List.of(0))) {
                    fanOuts.add(new FanOutSize(t, delay, w));
                }
            }
        }
        return fanOuts;
    }

    @Override
    public Integer steps(Context c) {
        return c.check() ? Integer.valueOf(1) : null;
    }

    @Override
    public List<String> arguments() {
        List<String> args = new ArrayList<>(SizeOptions.repeat("--tasks", tasks));
        args.addAll(SizeOptions.repeat("--delay-ms", delays.upTo(Integer.MAX_VALUE, "")));
        return args;
    }
}
