package threadring.bench.echo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import threadring.bench.data.Json;
import threadring.bench.util.LinuxProc;
import threadring.bench.util.Processes;

/**
 * wrk's measured load, its connections held before the clock starts: wrk opens its C connections
 * and loads them while echo.lua only checks the answers; the runner counts the connections the
 * server has accepted (its socket descriptors established on its port; else its open files over
 * the idle server's) until it holds all C, or {@link #HOLD_SECONDS} have passed, then opens the gate: from the
 * next answers on, wrk counts a window of the measured seconds (on the monotonic clock), after
 * which SIGINT ends wrk and it writes its summary. A server that does not hold C in time is not
 * measured at fewer: the outcome says how many it held.
 *
 * <p>wrk opens its connections in one burst; what the server held a second later is the burst's
 * result ({@link EchoScore.Burst}). A burst of C SYNs overflows a listen queue shorter than C (fs2
 * binds with the JDK's 50 and offers no other), and the kernel drops SYNs that the client retries
 * only 1, 3, 7, 15 and 31 s later. So where the burst overflowed and the server did not hold C, wrk
 * is started again with its connections paced ({@link Pace}): the server is measured on C
 * connections, and the report says they were paced.
 */
final class HeldWindow {

    /** The time a server has to hold every connection. */
    static final int HOLD_SECONDS = EchoScore.HOLD_SECONDS;
    /** How often the server's connections are counted while it accepts (reading /proc/net/tcp costs the runner CPU). */
    static final Duration POLL = Duration.ofMillis(200);
    /** Past its window, wrk's last answers in flight, then SIGINT. */
    static final Duration AFTER_WINDOW = Duration.ofMillis(300);
    /** How long wrk has to end after a SIGINT before it gets another (it reads its stop flag every 100 ms). */
    static final Duration SIGINT_AGAIN = Duration.ofSeconds(1);
    /**
     * Before the gate a connection waits a second between requests (echo.lua's delay): echo.lua sees
     * the gate within a second, and the waits it had started end within one more; the window opens after.
     */
    static final Duration RAMP = Duration.ofMillis(2100);
    /** When a burst's result is read: the first SYN a full queue dropped is retried a second after it was sent. */
    static final Duration BURST = Duration.ofSeconds(1);
    /** How long the server has to close a burst's connections before the paced ones open. */
    static final Duration RELEASE = Duration.ofSeconds(10);

    /**
     * Connections opened at a pace: wrk's threads, each opening its {@code perThread} connections at
     * once, each started {@code between} after the one before (echo.lua's init waits before wrk starts
     * its thread). With 25 per thread, half the JDK's default backlog, a server that accepts within
     * {@code between} never overflows its queue. The measured load then runs on those threads: a
     * different generator than the burst's one thread, which the row says.
     */
    record Pace(int perThread, Duration between) {
        static final Pace DEFAULT = new Pace(25, Duration.ofMillis(100));

        /** wrk's threads for C connections: the fewest of at most {@code perThread} each that divide C (wrk gives each C / threads). */
        int threads(int connections) {
            for (int t = Math.max(1, (connections + perThread - 1) / perThread); t < connections; t++) {
                if (connections % t == 0) {
                    return t;
                }
            }
            return Math.max(1, connections);
        }

        /** The time the paced threads take to start. */
        Duration opening(int connections) {
            return between.multipliedBy(threads(connections));
        }
    }

    /** wrk's command with {@code threads} threads started {@code paceMs} apart (0: at once). */
    @FunctionalInterface
    interface Load {
        List<String> command(int threads, int paceMs);
    }

    /**
     * What the window measured (null if the server did not hold C), the connections held, and wrk's
     * CPU over the measured window (its own /proc stat at the window's ends; else over its whole run).
     */
    record Outcome(Wrk.Summary summary, EchoScore.Held held, Double wrkCpuMs, double wrkSeconds) {}

    private HeldWindow() {}

    /**
     * Loads the server ({@code server}, listening on {@code port}, {@code idleFiles} open files
     * before any connection) with {@code connections} connections, wrk's {@code load} pinned to
     * {@code wrkCpus} with {@code wrkThreads} threads for the burst; {@code opened} runs when the
     * gate opens (the window's samplers start there).
     */
    static Outcome run(Load load, int wrkThreads, Pace pace, String wrkCpus, Path out, int seconds, int connections,
            LinuxProc server, int port, int idleFiles, int holdSeconds, Runnable opened)
            throws IOException, InterruptedException {
        Path gate = gate(out);
        Files.deleteIfExists(gate);
        Files.deleteIfExists(out);
        LinuxProc runner = LinuxProc.self();
        Long cpu0 = runner.childrenCpuNs();
        long start = System.nanoTime();
        EchoScore.Held held;
        Double windowCpuMs = null;
        double windowSeconds = 0;
        long overflows0 = server.listenOverflows();
        Processes.Child wrk = Processes.start(Processes.pinned(wrkCpus, load.command(wrkThreads, 0)));
        try {
            int afterBurst = hold(wrk, server, port, idleFiles, connections, start, start + BURST.toNanos());
            long overflows = overflows0 < 0 || afterBurst < 0 ? -1 : server.listenOverflows() - overflows0;
            EchoScore.Burst burst = new EchoScore.Burst(afterBurst, overflows, 0, 0, 0);
            long opening = start;
            int now = afterBurst;
            if (!new EchoScore.Held(connections, afterBurst, 0).all() && overflows > 0 && wrk.exitValue() == null) {
                stop(wrk);
                wrk.close();
                Files.deleteIfExists(out); // the burst's summary: the paced wrk writes the one measured
                release(server, port, idleFiles);
                int threads = pace.threads(connections);
                burst = new EchoScore.Burst(afterBurst, overflows, threads, connections / threads,
                        (int) pace.between().toMillis());
                opening = System.nanoTime();
                wrk = Processes.start(Processes.pinned(wrkCpus, load.command(threads, burst.pacedMs())));
                now = hold(wrk, server, port, idleFiles, connections, opening,
                        opening + pace.opening(connections).plusSeconds(holdSeconds).toNanos());
            } else if (!new EchoScore.Held(connections, afterBurst, 0).all()) {
                now = hold(wrk, server, port, idleFiles, connections, start, start + Duration.ofSeconds(holdSeconds).toNanos());
            }
            held = new EchoScore.Held(connections, now, (System.nanoTime() - opening) / 1e9, burst);
            if (held.all()) {
                // the window opens once every connection's last wait is over: the gate says when
                Path next = gate.resolveSibling(gate.getFileName() + ".next");
                Files.writeString(next, (System.nanoTime() + RAMP.toNanos()) / 1000 + "\n");
                Files.move(next, gate, StandardCopyOption.ATOMIC_MOVE);
                Thread.sleep(RAMP.toMillis());
                opened.run();
                LinuxProc load0 = LinuxProc.of(wrk.pid());
                Long c0 = load0.cpuNs();
                long t0 = System.nanoTime();
                Thread.sleep(seconds * 1000L);
                Long c1 = load0.cpuNs();
                if (c0 != null && c1 != null) { // the load's own cores busy while measured: did it set the rate?
                    windowCpuMs = (c1 - c0) / 1e6;
                    windowSeconds = (System.nanoTime() - t0) / 1e9;
                }
                Thread.sleep(AFTER_WINDOW.toMillis());
            }
            stop(wrk);
            if (!Files.exists(out)) {
                throw new IllegalStateException("wrk wrote no summary (exit status " + wrk.exitValue() + "): "
                        + wrk.tail());
            }
        } finally {
            wrk.close();
            Files.deleteIfExists(gate);
        }
        double wrkSeconds = (System.nanoTime() - start) / 1e9;
        Long cpu1 = runner.childrenCpuNs(); // wrk ended and was waited for: its CPU is the runner's children's
        Double wrkCpuMs = cpu0 == null || cpu1 == null ? null : (cpu1 - cpu0) / 1e6;
        Wrk.Summary s = Json.read(out, Wrk.Summary.class);
        return windowCpuMs != null ? new Outcome(held.all() ? s : null, held, windowCpuMs, windowSeconds)
                : new Outcome(held.all() ? s : null, held, wrkCpuMs, wrkSeconds);
    }

    /**
     * SIGINT to wrk, again each {@link #SIGINT_AGAIN} until it has written its summary and ended: wrk
     * ignores SIGINT until its threads have started, and its main thread shares its one cpu with the
     * thread opening a burst's connections: sent once, the SIGINT a second after a burst's start was
     * lost in 2 of 11 repetitions of cats/socket here, and the repetition failed 20 s later.
     */
    private static void stop(Processes.Child wrk) throws IOException, InterruptedException {
        if (wrk.interruptUntilEnded(SIGINT_AGAIN, Duration.ofSeconds(Wrk.TIMEOUT_SECONDS + 10)).isEmpty()) {
            throw new IllegalStateException("wrk did not end within " + (Wrk.TIMEOUT_SECONDS + 10)
                    + " s of its first SIGINT (sent again each " + SIGINT_AGAIN.toMillis() + " ms): " + wrk.tail());
        }
    }

    /**
     * Waits (at most {@link #RELEASE}) until the server has closed the connections of a burst that
     * ended: none established on its port, and its open files back within {@link EchoScore.Held#SLACK} of
     * the idle server's (a connection whose client left is no longer established, but is the server's
     * until it reads the end and closes it).
     */
    private static void release(LinuxProc server, int port, int idleFiles) throws InterruptedException {
        long deadline = System.nanoTime() + RELEASE.toNanos();
        while (System.nanoTime() < deadline && (server.acceptedConnections(port) > 0
                || idleFiles >= 0 && server.openFiles() > idleFiles + EchoScore.Held.SLACK)) {
            Thread.sleep(POLL.toMillis());
        }
    }

    /** The file whose existence opens echo.lua's window. */
    static Path gate(Path out) {
        return out.resolveSibling(out.getFileName() + ".gate");
    }

    /**
     * The connections the server holds (its open files over the idle ones) once it holds all of them,
     * wrk ends, or {@code deadline} (System.nanoTime) passes; -1 where /proc does not say (after a
     * second per 1,000 connections, to give them time).
     */
    private static int hold(Processes.Child wrk, LinuxProc server, int port, int idleFiles, int connections,
            long start, long deadline) throws InterruptedException {
        int held = 0;
        while (wrk.exitValue() == null) {
            int accepted = server.acceptedConnections(port);
            int files = accepted >= 0 ? accepted + Math.max(idleFiles, 0) : server.openFiles();
            if (files < 0 || accepted < 0 && idleFiles < 0) {
                Thread.sleep(Math.max(0, 1000L + connections - (System.nanoTime() - start) / 1_000_000));
                return -1;
            }
            held = Math.min(connections, accepted >= 0 ? accepted : Math.max(0, files - idleFiles));
            if (new EchoScore.Held(connections, held, 0).all() || System.nanoTime() >= deadline) {
                break;
            }
            Thread.sleep(Math.max(1, Math.min(POLL.toMillis(), (deadline - System.nanoTime()) / 1_000_000)));
        }
        return held;
    }
}
