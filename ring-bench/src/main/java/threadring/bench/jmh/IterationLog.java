package threadring.bench.jmh;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.format.OutputFormat;
import threadring.bench.data.Score;
import threadring.bench.data.Score.Iteration;

/**
 * JMH's own console output, plus a typed record of every iteration JMH reports, warm-up ones
 * included (a {@link RunResult} keeps only the measured ones), each with its counters
 * ({@link IterationCounters}): what each fork actually did. JMH reports a fork's iterations in
 * order, warm-up first, so a fork starts where the iteration count starts again at 1.
 */
final class IterationLog implements OutputFormat {

    /** Called after every iteration JMH reports, warm-up or measured. */
    interface Listener {
        void iteration(boolean warmup, int fork, int iteration, Iteration result);
    }

    private final OutputFormat text;
    private Listener listener;
    private final List<List<Iteration>> warmups = new ArrayList<>();
    private final List<List<Iteration>> measured = new ArrayList<>();
    private boolean inMeasurement = true;

    IterationLog(OutputFormat text, Listener listener) {
        this.text = text;
        this.listener = listener;
    }

    /** The same log, calling {@code l} after each iteration from now on (a new batch of forks, a new watchdog). */
    IterationLog listening(Listener l) {
        this.listener = l;
        return this;
    }

    /** Every fork reported so far, with the round it ran in and when it started. */
    List<Score.Fork> forks(Integer round, String started) {
        List<Score.Fork> forks = new ArrayList<>();
        for (int i = 0; i < warmups.size(); i++) {
            forks.add(new Score.Fork(List.copyOf(warmups.get(i)), List.copyOf(measured.get(i)), round, started));
        }
        return forks;
    }

    @Override
    public void iterationResult(BenchmarkParams benchmark, IterationParams params, int iteration, IterationResult data) {
        boolean warmup = params.getType() == IterationType.WARMUP;
        if (iteration == 1 && (warmup || inMeasurement)) {
            warmups.add(new ArrayList<>());
            measured.add(new ArrayList<>());
        }
        inMeasurement = !warmup;
        long passes = data.getMetadata().getMeasuredOps();
        Iteration it = new Iteration(passes, JmhScores.ms(data.getPrimaryResult()),
                IterationCounters.of(data.getSecondaryResults()));
        (warmup ? warmups : measured).get(warmups.size() - 1).add(it);
        listener.iteration(warmup, warmups.size(), iteration, it);
        text.iterationResult(benchmark, params, iteration, data);
    }

    @Override
    public void iteration(BenchmarkParams benchmark, IterationParams params, int iteration) {
        text.iteration(benchmark, params, iteration);
    }

    @Override
    public void startBenchmark(BenchmarkParams benchmark) {
        text.startBenchmark(benchmark);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        text.endBenchmark(result);
    }

    @Override
    public void startRun() {
        text.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        text.endRun(result);
    }

    @Override
    public void print(String s) {
        text.print(s);
    }

    @Override
    public void println(String s) {
        text.println(s);
    }

    @Override
    public void flush() {
        text.flush();
    }

    @Override
    public void close() {
        text.close();
    }

    @Override
    public void verbosePrintln(String s) {
        text.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        text.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        text.write(b);
    }
}
