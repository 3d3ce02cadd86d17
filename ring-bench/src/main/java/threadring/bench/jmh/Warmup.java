package threadring.bench.jmh;

import threadring.bench.stats.Steady;

/**
 * How many warm-up iterations a task's next fork gets, from the evidence of its forks so far: its
 * first fork warms up for the cap, and every fork's whole series says when that JVM settled
 * ({@link Steady}); later forks warm up until the latest settling seen, plus one iteration, at
 * least {@code min} and at most the cap. A fork that settled only during its measured iterations
 * lengthens the warm-up of the forks after it; one that slowed down to its level (was faster
 * before) is no evidence of a warm-up and lengthens nothing. A fixed warm-up ({@link #fixed}) ignores the evidence.
 */
final class Warmup {

    private final int min;
    private final int cap;
    private final boolean fixed;
    private int needed = -1;
    private boolean unsettled;

    private Warmup(int min, int cap, boolean fixed) {
        this.min = min;
        this.cap = cap;
        this.fixed = fixed;
    }

    /** From evidence: at least {@code min} iterations, at most {@code cap}. */
    static Warmup evidence(int min, int cap) {
        return new Warmup(min, Math.max(min, cap), false);
    }

    /**
     * The cap in iterations for a settle of {@code settleMs}: an iteration lasts {@code iterationMs},
     * or where an operation was timed ({@code operationNanos}, where the size is not calibrated; null
     * if not) the whole operations that reach it: a Skynet tree of 5 s must not warm up for 24 of them.
     */
    static int cap(int settleMs, int iterationMs, Long operationNanos) {
        double operation = operationNanos == null ? 0 : operationNanos / 1e6;
        // an iteration ends after the operation running when its time is up: whole operations
        double iteration = operation <= 0 ? iterationMs : Math.ceil(iterationMs / operation) * operation;
        return (int) Math.ceil(settleMs / iteration);
    }

    static Warmup fixed(int iterations) {
        return new Warmup(iterations, iterations, true);
    }

    /** Warm-up iterations of the next fork. */
    int next() {
        if (fixed) {
            return min;
        }
        return needed < 0 ? cap : Math.max(min, Math.min(cap, needed + 1));
    }

    /** A fork ended with this classification. */
    void observe(Steady s) {
        if (s.kind() == Steady.Kind.NONE) {
            unsettled = true;
            needed = cap;
        } else if (s.kind() == Steady.Kind.SLOWDOWN) {
            // faster before its level: no warm-up to wait out (a neighbour leaving, a state switch);
            // waiting past it would only measure later forks later, not settled ones
            needed = Math.max(needed, min - 1); // next() adds one: min, no more
        } else {
            needed = Math.max(needed, s.settledAt());
        }
    }

    /** Whether some fork did not settle within the cap's warm-up and measured iterations. */
    boolean unsettled() {
        return unsettled;
    }
}
