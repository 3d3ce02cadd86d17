package threadring.core;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The machine's cross-CPU handoff ({@code floor/cross-cpu}): two platform threads spinning on one
 * volatile counter, each waiting for the other's increment before making its own: ns per one-way
 * handoff. It moves with the host (a shared VM's cpus, their caches, their neighbours), and so do
 * the rows whose handoffs cross carriers, so the runner measures it at the start and the end of a
 * run to say when the machine, not the code, moved. Needs two cpus: on one, each handoff waits for
 * the spinner's time slice to end.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(3)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class CrossCpuBenchmark {

    /** One-way handoffs per operation: an even count, so the partner is waiting again at the end. */
    static final int HANDOFFS = 20_000;

    /** Odd: the partner's turn; even: the benchmark thread's. */
    private volatile long turn;
    private volatile boolean stop;
    private Thread partner;

    @Setup(Level.Trial)
    public void start() {
        partner = new Thread(() -> {
            long seen = 0;
            while (!stop) {
                long t = turn;
                if ((t & 1) == 1 && t != seen) {
                    seen = t + 1;
                    turn = t + 1;
                } else {
                    Thread.onSpinWait();
                }
            }
        }, "cross-cpu partner");
        partner.setDaemon(true);
        partner.start();
    }

    /** {@link #HANDOFFS} one-way handoffs, half each way; the count checks that none was lost. */
    @Benchmark
    @OperationsPerInvocation(HANDOFFS)
    public long handoff() {
        long start = turn;
        for (int i = 0; i < HANDOFFS / 2; i++) {
            long mine = turn;
            turn = mine + 1;
            while (turn == mine + 1) {
                Thread.onSpinWait();
            }
        }
        long end = turn;
        if (end - start != HANDOFFS) {
            throw new IllegalStateException("cross-cpu: " + (end - start) + " handoffs, expected " + HANDOFFS);
        }
        return end;
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        stop = true;
        partner.join(10_000);
    }
}
