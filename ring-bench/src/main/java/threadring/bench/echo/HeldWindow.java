package threadring.bench.echo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import threadring.bench.data.Json;
import threadring.bench.data.RunFile;
import threadring.bench.data.Score;
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
 */
final class HeldWindow {

    /** The time a server has to hold every connection. */
    static final int HOLD_SECONDS = Score.Echo.HOLD_SECONDS;
    /** How often the server's connections are counted while it accepts (reading /proc/net/tcp costs the runner CPU). */
    static final Duration POLL = Duration.ofMillis(200);
    /** Past its window, wrk's last answers in flight, then SIGINT. */
    static final Duration AFTER_WINDOW = Duration.ofMillis(300);
    /**
     * Before the gate a connection waits a second between requests (echo.lua's delay): echo.lua sees
     * the gate within a second, and the waits it had started end within one more; the window opens after.
     */
    static final Duration RAMP = Duration.ofMillis(2100);

    /**
     * What the window measured (null if the server did not hold C), the connections held, and wrk's
     * CPU over the measured window (its own /proc stat at the window's ends; else over its whole run).
     */
    record Outcome(Wrk.Summary summary, Score.Held held, Double wrkCpuMs, double wrkSeconds) {}

    private HeldWindow() {}

    /**
     * Loads the server ({@code server}, listening on {@code port}, {@code idleFiles} open files
     * before any connection) with {@code connections} connections; {@code opened} runs when the
     * gate opens (the window's samplers start there).
     */
    static Outcome run(List<String> wrkCommand, String wrkCpus, Path out, int seconds, int connections,
            LinuxProc server, int port, int idleFiles, int holdSeconds, Runnable opened)
            throws IOException, InterruptedException {
        Path gate = gate(out);
        Files.deleteIfExists(gate);
        Files.deleteIfExists(out);
        LinuxProc runner = LinuxProc.self();
        Long cpu0 = runner.childrenCpuNs();
        long start = System.nanoTime();
        Score.Held held;
        Double windowCpuMs = null;
        double windowSeconds = 0;
        try (Processes.Child wrk = Processes.start(Processes.pinned(wrkCpus, wrkCommand))) {
            held = hold(wrk, server, port, idleFiles, connections, start, holdSeconds);
            if (held.all()) {
                // the window opens once every connection's last wait is over: the gate says when
                Path next = gate.resolveSibling(gate.getFileName() + ".next");
                Files.writeString(next, (System.nanoTime() + RAMP.toNanos()) / 1000 + "\n");
                Files.move(next, gate, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                Thread.sleep(RAMP.toMillis());
                opened.run();
                LinuxProc load = LinuxProc.of(wrk.pid());
                Long c0 = load.cpuNs();
                long t0 = System.nanoTime();
                Thread.sleep(seconds * 1000L);
                Long c1 = load.cpuNs();
                if (c0 != null && c1 != null) { // the load's own cores busy while measured: did it set the rate?
                    windowCpuMs = (c1 - c0) / 1e6;
                    windowSeconds = (System.nanoTime() - t0) / 1e9;
                }
                Thread.sleep(AFTER_WINDOW.toMillis());
            }
            wrk.interrupt();
            if (!wrk.waitFor(Duration.ofSeconds(Wrk.TIMEOUT_SECONDS + 10))) {
                throw new IllegalStateException("wrk did not end within " + (Wrk.TIMEOUT_SECONDS + 10)
                        + " s of its SIGINT: " + wrk.tail());
            }
            if (!Files.exists(out)) {
                throw new IllegalStateException("wrk wrote no summary (exit status " + wrk.exitValue() + "): "
                        + wrk.tail());
            }
        } finally {
            Files.deleteIfExists(gate);
        }
        double wrkSeconds = (System.nanoTime() - start) / 1e9;
        Long cpu1 = runner.childrenCpuNs(); // wrk ended and was waited for: its CPU is the runner's children's
        Double wrkCpuMs = cpu0 == null || cpu1 == null ? null : (cpu1 - cpu0) / 1e6;
        Wrk.Summary s = Json.read(out, Wrk.Summary.class);
        return windowCpuMs != null ? new Outcome(held.all() ? s : null, held, windowCpuMs, windowSeconds)
                : new Outcome(held.all() ? s : null, held, wrkCpuMs, wrkSeconds);
    }

    /** The file whose existence opens echo.lua's window. */
    static Path gate(Path out) {
        return out.resolveSibling(out.getFileName() + ".gate");
    }

    /** Waits until the server holds {@code connections} (its open files over the idle ones), wrk ends, or time is up. */
    private static Score.Held hold(Processes.Child wrk, LinuxProc server, int port, int idleFiles, int connections,
            long start, int holdSeconds) throws InterruptedException {
        long deadline = start + Duration.ofSeconds(holdSeconds).toNanos();
        int held = 0;
        while (System.nanoTime() < deadline && wrk.exitValue() == null) {
            int accepted = server.acceptedConnections(port);
            int files = accepted >= 0 ? accepted + Math.max(idleFiles, 0) : server.openFiles();
            if (files < 0 || accepted < 0 && idleFiles < 0) {
                // no /proc here: give the connections a second per 1,000, say nothing about holding them
                Thread.sleep(1000L + connections);
                return new Score.Held(connections, -1, (System.nanoTime() - start) / 1e9);
            }
            held = Math.min(connections, accepted >= 0 ? accepted : Math.max(0, files - idleFiles));
            if (new Score.Held(connections, held, 0).all()) {
                break;
            }
            Thread.sleep(POLL.toMillis());
        }
        return new Score.Held(connections, held, (System.nanoTime() - start) / 1e9);
    }
}
