package threadring.bench.footprint;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * An operation started on a thread of its own, so that the measuring thread can read memory (and
 * collect) while it runs; its answer, or what it threw, completes the future.
 */
final class OperationThread {

    private OperationThread() {}

    /** Starts {@code operation} on a new thread named "footprint-operation"; its answer or failure completes the future. */
    static CompletableFuture<Long> start(Callable<Long> operation) {
        CompletableFuture<Long> answer = new CompletableFuture<>();
        new Thread(() -> {
            try {
                answer.complete(operation.call());
            } catch (Throwable e) {
                answer.completeExceptionally(e);
            }
        }, "footprint-operation").start();
        return answer;
    }
}
