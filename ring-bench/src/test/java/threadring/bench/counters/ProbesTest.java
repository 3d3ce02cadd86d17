package threadring.bench.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import threadring.bench.data.Score;
import threadring.bench.data.StepCost;
import threadring.bench.util.LinuxProc;
import threadring.bench.util.Rusage;

/**
 * Every probe on fakes whose cost is known: a /proc of files written here (every field read back
 * exactly), none at all (another OS: nulls, never a guess), and real threads on this Linux that spin
 * on two cpus or park and wake each other once per step.
 */
class ProbesTest {

    @TempDir
    Path proc;

    /** The probes reading the folder {@code proc} as another process's /proc. */
    private Counters folder() {
        return new Counters(new Probe.Source(new LinuxProc(proc, "self"), false));
    }

    /** The probes reading this JVM. */
    private static Counters own() {
        return new Counters(new Probe.Source(LinuxProc.self(), true));
    }

    private static double sum(Map<String, Double> c, String... names) {
        double s = 0;
        for (String n : names) {
            s += c.get(n);
        }
        return s;
    }

    private void task(String tid, String name, long cpuNs, long voluntary, long involuntary, long migrations)
            throws IOException {
        Path t = Files.createDirectories(proc.resolve("self").resolve("task").resolve(tid));
        Files.writeString(t.resolve("schedstat"), cpuNs + " 0 0\n");
        Files.writeString(t.resolve("status"), "Name:\t" + name + "\nvoluntary_ctxt_switches:\t" + voluntary
                + "\nnonvoluntary_ctxt_switches:\t" + involuntary + "\n");
        Files.writeString(t.resolve("sched"), name + " (" + tid + ", #threads: 2)\n---\nse.exec_start : 1.0\n"
                + "se.nr_migrations                             :                    " + migrations + "\n");
        Files.writeString(t.resolve("comm"), name + "\n");
    }

    private void steal(long ticks) throws IOException {
        Files.writeString(proc.resolve("stat"), "cpu  1 2 3 4 5 6 7 " + ticks + " 0 0\ncpu0 1 2 3 4 5 6 7 0 0 0\n");
    }

    @Test
    void aProcOfKnownFilesIsReadBackExactly() throws IOException {
        task("101", "worker-1", 1_000_000, 10, 1, 3);
        task("102", "GC Thread#0", 500_000, 5, 0, 0);
        task("103", "C2 CompilerThre", 0, 0, 0, 0);
        steal(100);
        Counters counters = folder();
        Counters.Reading a = counters.read();
        task("101", "worker-1", 41_000_000, 1_010, 11, 23);
        task("102", "GC Thread#0", 2_500_000, 7, 0, 1);
        task("103", "C2 CompilerThre", 3_000_000, 2, 0, 0);
        task("104", "worker-2", 4_000_000, 100, 0, 2); // born since a: counted from 0
        steal(103);
        Map<String, Double> c = Counters.between(a, counters.read());
        assertEquals(44.0, c.get("workloadCpuMs"), 1e-9, "workers: 40 + 4 ms");
        assertEquals(2.0, c.get("gcCpuMs"), 1e-9);
        assertEquals(3.0, c.get("jitCpuMs"), 1e-9);
        assertEquals(1_000 + 2 + 2 + 100, c.get("voluntarySwitches"));
        assertEquals(10, c.get("involuntarySwitches"));
        assertEquals(20 + 1 + 2, c.get("migrations"));
        assertEquals(30.0, c.get(StealProbe.STEAL_MS), 1e-9, "3 ticks of 10 ms");
        assertNull(c.get(Counters.CPU_MS), "another process's CPU is not this JVM's bean's");
    }

    @Test
    void withoutProcNothingIsGuessed() {
        Counters counters = folder(); // an empty folder: another OS
        Map<String, Double> c = Counters.between(counters.read(), counters.read());
        assertEquals(java.util.Set.of(Counters.WALL_MS), c.keySet(), "only the wall time: " + c);
        assertNull(StepCost.of(List.of(new Score.Iteration(5, 1.0, c)), 1000), "no CPU: no cost, the report says n/a");
    }

    @Test
    void aThreadWhoseFilesDoNotParseIsLeftOutAndTheRestCounted() throws IOException {
        task("101", "worker-1", 1_000_000, 10, 1, 3);
        task("102", "worker-2", 1_000_000, 10, 1, 3);
        Counters counters = folder();
        Counters.Reading a = counters.read();
        task("101", "worker-1", 3_000_000, 12, 1, 3);
        Files.writeString(proc.resolve("self/task/102/schedstat"), "not a number\n");
        Map<String, Double> c = Counters.between(a, counters.read());
        assertEquals(2.0, c.get("workloadCpuMs"), 1e-9, "worker-1 only");
        assertEquals(2, c.get("voluntarySwitches"));
    }

    @Test
    void aKernelWithoutSchedFilesHasNoMigrations() throws IOException {
        task("101", "worker-1", 1_000_000, 10, 1, 3);
        Files.delete(proc.resolve("self/task/101/sched"));
        Counters counters = folder();
        Map<String, Double> c = Counters.between(counters.read(), counters.read());
        assertNull(c.get("migrations"));
        assertEquals(0, c.get("voluntarySwitches"));
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void theProcessesCpuTimeHoldsEveryThreadsOwn() throws InterruptedException {
        // what the probe must count, whatever share of the machine the threads got: a busy machine
        // gives them less CPU, never a process total below their own (a cores-busy bound flaked here)
        Counters counters = own();
        AtomicBoolean stop = new AtomicBoolean();
        java.util.concurrent.atomic.AtomicLong spun = new java.util.concurrent.atomic.AtomicLong();
        List<Thread> spinners = List.of(spinner(stop, spun), spinner(stop, spun));
        Counters.Reading a = counters.read();
        spinners.forEach(Thread::start);
        Thread.sleep(300);
        stop.set(true);
        for (Thread t : spinners) {
            t.join();
        }
        Map<String, Double> c = Counters.between(a, counters.read());
        double threadsMs = spun.get() / 1e6;
        assertTrue(threadsMs > 0, "the spinners ran");
        // the process's CPU time comes in 10 ms clock ticks on Linux: two ticks of slack
        assertTrue(c.get(Counters.CPU_MS) >= threadsMs * 0.99 - 20, "process CPU " + c.get(Counters.CPU_MS)
                + " ms, the two spinners' own " + threadsMs + " ms");
    }

    /** A thread that spins until {@code stop}, then adds its own CPU time (ns) to {@code spun}. */
    private static Thread spinner(AtomicBoolean stop, java.util.concurrent.atomic.AtomicLong spun) {
        return new Thread(() -> {
            long x = 0;
            while (!stop.get()) {
                x += System.nanoTime() & 1;
            }
            if (x == 42) {
                System.out.print("");
            }
            spun.addAndGet(java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());
        });
    }

    /**
     * Two platform threads handing a token back and forth with park/unpark: each step wakes the one
     * that parked waiting for it. They stay alive until read (/proc counts live threads).
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aThreadParkedAndWokenPerStepSwitchesAboutOncePerStep() throws InterruptedException {
        int steps = 4_000;
        Counters counters = own();
        Thread[] both = new Thread[2];
        AtomicInteger turn = new AtomicInteger();
        CountDownLatch read = new CountDownLatch(1);
        for (int i = 0; i < 2; i++) {
            int me = i;
            both[i] = new Thread(() -> {
                for (int s = me; s < steps; s += 2) {
                    while (turn.get() != s) {
                        LockSupport.park();
                    }
                    turn.set(s + 1);
                    LockSupport.unpark(both[1 - me]);
                }
                try {
                    read.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        Counters.Reading a = counters.read();
        for (Thread t : both) {
            t.start();
        }
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (turn.get() < steps && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        Map<String, Double> c = Counters.between(a, counters.read());
        read.countDown();
        for (Thread t : both) {
            t.join(10_000);
        }
        assertEquals(steps, turn.get(), "every step handed over");
        double perStep = sum(c, "voluntarySwitches", "involuntarySwitches") / steps;
        // about one per step; a busy machine preempts them too (involuntary switches), so the ceiling is loose
        assertTrue(perStep >= 0.8 && perStep < 5, "switches per step " + perStep);
    }

    /**
     * Threads that hand over and end between the two readings still count: the rendezvous of
     * platform threads read 1.34 switches per exchange where it made two, when /proc's live
     * threads were summed. Each thread reads its own lifetime's switches just before it ends; the
     * iteration's count must hold them all.
     */
    @Test
    void switchesOfThreadsThatEndedAreCounted() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/thread-self")), "Linux only");
        org.junit.jupiter.api.Assumptions.assumeTrue(Rusage.switches().isPresent(), "getrusage through JNA");
        Counters counters = own();
        Counters.Reading a = counters.read();
        int steps = 2_000;
        java.util.concurrent.SynchronousQueue<Integer> q = new java.util.concurrent.SynchronousQueue<>();
        java.util.concurrent.atomic.AtomicLong own = new java.util.concurrent.atomic.AtomicLong();
        Runnable count = () -> {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"))) {
                    if (line.contains("voluntary_ctxt_switches:")) {
                        own.addAndGet(Long.parseLong(line.substring(line.indexOf(':') + 1).trim()));
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        Thread sender = new Thread(() -> {
            try {
                for (int i = 0; i < steps; i++) {
                    q.put(i);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            count.run();
        });
        Thread receiver = new Thread(() -> {
            try {
                for (int i = 0; i < steps; i++) {
                    q.take();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            count.run();
        });
        sender.start();
        receiver.start();
        sender.join();
        receiver.join();
        Map<String, Double> c = Counters.between(a, counters.read());
        double all = sum(c, "voluntarySwitches", "involuntarySwitches");
        assertTrue(own.get() > 0 && all >= own.get(), "the ended threads switched " + own.get()
                + " times by their own count; the iteration counted " + all);
    }
}
