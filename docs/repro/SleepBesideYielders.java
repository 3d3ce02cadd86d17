import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Does a sleeping virtual thread wake on time while other virtual threads compute and call
 * Thread.yield() between short chunks of work? Run with a JDK 21+ single-file launch:
 *
 *   java docs/repro/SleepBesideYielders.java [busy threads, default 2 x cpus] [chunks, default 20000]
 *
 * It starts the busy threads and one sleeper on the default virtual-thread scheduler; the sleeper
 * sleeps 1 ms again and again until the busy ones are done and records how late each wake-up was
 * (when it ran minus when it was due). It prints its wake-ups and their lateness (median, 99th
 * percentile, most). With Thread.yield() after every chunk, a fair scheduler wakes the sleeper
 * about once a millisecond; one that keeps picking the yielders wakes it a few times, late.
 * Pass "noyield" as a third argument for busy threads that never yield (no scheduler of virtual
 * threads preempts them: the sleeper waits until they finish on every JDK).
 */
public class SleepBesideYielders {

    static volatile long sink;

    /** About 10 µs of work here: no allocation, no blocking. */
    static void chunk() {
        long x = sink;
        for (int i = 0; i < 2_000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        sink = x;
    }

    public static void main(String[] args) throws InterruptedException {
        int cpus = Runtime.getRuntime().availableProcessors();
        int busy = args.length > 0 ? Integer.parseInt(args[0]) : 2 * cpus;
        int chunks = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        boolean yielding = args.length < 3 || !args[2].equals("noyield");
        AtomicInteger running = new AtomicInteger(busy);
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int b = 0; b < busy; b++) {
            threads.add(Thread.ofVirtual().start(() -> {
                for (int c = 0; c < chunks; c++) {
                    chunk();
                    if (yielding) {
                        Thread.yield();
                    }
                }
                running.decrementAndGet();
            }));
        }
        long[] late = new long[1 << 20];
        int[] wakes = {0};
        Thread sleeper = Thread.ofVirtual().start(() -> {
            do {
                long due = System.nanoTime() + 1_000_000;
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
                late[wakes[0]++] = System.nanoTime() - due;
            } while (running.get() > 0);
        });
        for (Thread t : threads) {
            t.join();
        }
        sleeper.join();
        long[] sorted = Arrays.copyOf(late, wakes[0]);
        Arrays.sort(sorted);
        System.out.printf("JDK %s, %d cpus, %d busy virtual threads %s, %,d chunks each, %.0f ms in all%n",
                Runtime.version(), cpus, busy, yielding ? "yielding after every chunk" : "never yielding", chunks,
                (System.nanoTime() - start) / 1e6);
        System.out.printf("sleeper: %d wake-ups; late by %.2f ms (median), %.2f ms (p99), %.2f ms (most)%n",
                sorted.length, sorted[sorted.length / 2] / 1e6,
                sorted[Math.max(0, (int) Math.ceil(0.99 * sorted.length) - 1)] / 1e6, sorted[sorted.length - 1] / 1e6);
    }
}
