package threadring.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The one way this tool runs another program: stdout and stderr merged and handed over line by
 * line while it runs (on a thread of its own, so the timeout can fire while output is pending),
 * a timeout that kills the process with its children, and the same on interruption. Live
 * processes are known, so that Ctrl-C can stop them ({@link #destroyAll}).
 */
final class Processes {

    /** Lines of output kept by {@link #stream} (its last ones); {@link #capture} keeps all. */
    static final int TAIL = 100;

    /** How a process ended and what it printed; {@code status} is -1 if it timed out. */
    record Exit(int status, boolean timedOut, List<String> output) {
        boolean ok() {
            return !timedOut && status == 0;
        }

        /** The output as one line, for error messages. */
        String oneLine() {
            return String.join(" ", output).strip();
        }
    }

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    /** Set by {@link #destroyAll}: this JVM is stopping, so no new process may start. */
    private static volatile boolean stopping;

    private Processes() {}

    /** Runs {@code command}, keeping its output. */
    static Exit capture(List<String> command, Duration timeout) throws IOException, InterruptedException {
        return run(command, timeout, line -> {}, true);
    }

    /** Runs {@code command}, handing each output line to {@code lines} as it comes. */
    static Exit stream(List<String> command, Duration timeout, Consumer<String> lines)
            throws IOException, InterruptedException {
        return run(command, timeout, lines, false);
    }

    private static Exit run(List<String> command, Duration timeout, Consumer<String> lines, boolean keep)
            throws IOException, InterruptedException {
        if (stopping) {
            throw new InterruptedException("stopping: not starting " + command.get(0));
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        LIVE.add(p);
        if (stopping) { // destroyAll ran between the check and the start
            destroyTree(p);
            LIVE.remove(p);
            throw new InterruptedException("stopping: not starting " + command.get(0));
        }
        List<String> output = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (output) {
                        output.add(line);
                        if (!keep && output.size() > TAIL) {
                            output.remove(0);
                        }
                    }
                    lines.accept(line);
                }
            } catch (IOException e) {
                // the process was killed while we read: what was read is kept
            } catch (UncheckedIOException e) {
                // the sink failed (e.g. a full disk); the process still runs to its end
            }
        }, "output of " + command.get(0));
        reader.setDaemon(true);
        reader.start();
        try {
            boolean ended = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) {
                destroyTree(p);
            }
            reader.join(TimeUnit.SECONDS.toMillis(10));
            synchronized (output) {
                return new Exit(ended ? p.exitValue() : -1, !ended, List.copyOf(output));
            }
        } catch (InterruptedException e) {
            destroyTree(p);
            throw e;
        } finally {
            LIVE.remove(p);
        }
    }

    /** Kills every process this class started that is still running, with its children, and starts no more. */
    static void destroyAll() {
        stopping = true;
        LIVE.forEach(Processes::destroyTree);
    }

    private static void destroyTree(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The flag that keeps JDK 23+ from warning on every sun.misc.Unsafe memory access (JMH, Akka,
     * Pekko and Scala 3 use it), for JVMs of that feature release or newer; older JDKs do not know it.
     */
    static List<String> quietUnsafe(int feature) {
        return feature >= 23 ? List.of("--sun-misc-unsafe-memory-access=allow") : List.of();
    }

    /** The java launcher of a JDK home. */
    static String java(String jdkHome) {
        return java.nio.file.Path.of(jdkHome, "bin", "java").toString();
    }

    /** {@code taskset -c CPUS} before a command, or nothing when {@code cpus} is null (unpinned). */
    static List<String> pinned(String cpus, List<String> command) {
        List<String> cmd = new ArrayList<>();
        if (cpus != null) {
            cmd.addAll(List.of("taskset", "-c", cpus));
        }
        cmd.addAll(command);
        return cmd;
    }
}
