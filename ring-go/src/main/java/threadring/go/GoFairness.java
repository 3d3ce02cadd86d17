package threadring.go;

import java.util.Arrays;
import threadring.core.fairness.Fairness;

/**
 * Fairness in Go: a goroutine per hog running its chunks (JMH's consumeCPU arithmetic; the
 * {@code -yield} form calls {@code runtime.Gosched()} after each) and a probe goroutine in
 * {@code time.Sleep}, which notes each wake-up's lateness; the program answers the hogs' chunks and
 * the lateness. Go preempts a goroutine that runs too long (asynchronous preemption, Go 1.14+).
 */
final class GoFairness extends GoWorkload implements Fairness {

    private long[] lateness = new long[0];

    GoFairness(String id, boolean yielding) {
        super(id, "fairness", yielding ? "fairness-yield" : "fairness");
    }

    @Override
    public long run(int hogs, int chunks, int chunkWork, int periodUs) {
        String what = "run(hogs=" + hogs + ", chunks=" + chunks + ", chunk_work=" + chunkWork + ", period_us="
                + periodUs + ")";
        Fairness.require(hogs, chunks, chunkWork, periodUs);
        long[] answer = ask(what, hogs + " " + chunks + " " + chunkWork + " " + periodUs);
        lateness = Arrays.copyOfRange(answer, 1, answer.length);
        return answer[0];
    }

    @Override
    public long[] lateness() {
        return lateness.clone();
    }
}
