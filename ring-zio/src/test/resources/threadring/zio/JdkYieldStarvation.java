/*
 * The JDK half of the upstream-bug witness (LoomOneCarrierStarvationWitnessTest; issue #45 item 8):
 * the starvation behind zio/promise-loom-p1 without ZIO. A resource, not a test source: ring-zio
 * compiles for release 17, and this needs JDK 21's API, so it runs as a source-file program:
 *
 *   java -Djdk.virtualThreadScheduler.parallelism=1 -Djdk.virtualThreadScheduler.maxPoolSize=1 \
 *        -Djdk.virtualThreadScheduler.minRunnable=1 JdkYieldStarvation.java 3
 *
 * One virtual thread waits for a flag by polling it with Thread.yield(); main, a platform thread,
 * starts the virtual thread that sets the flag once the waiter has held the carrier for a while.
 * Prints one line and exits 0 when the waiter finished within the seconds given, 2 when not.
 */
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

public class JdkYieldStarvation {
    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        AtomicBoolean flag = new AtomicBoolean();
        AtomicLong polls = new AtomicLong();
        CountDownLatch ended = new CountDownLatch(1);
        Thread.ofVirtual().start(() -> {
            while (!flag.get()) {
                polls.incrementAndGet();
                Thread.yield();
            }
            ended.countDown();
        });
        // the carrier has moved on from main's submission queue to the one the waiter yields into
        while (polls.get() < 100_000) {
            Thread.onSpinWait();
        }
        Thread.ofVirtual().start(() -> flag.set(true));
        boolean finished = ended.await(seconds, TimeUnit.SECONDS);
        System.out.println("jdk/yield: " + (finished ? "finished" : "not finished in " + seconds + " s"));
        System.exit(finished ? 0 : 2);
    }
}
