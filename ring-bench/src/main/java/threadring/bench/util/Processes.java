package threadring.bench.util;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The one way this tool runs another program: stdout and stderr merged and handed over line by
 * line while it runs (on a thread of its own, so the timeout can fire while output is pending),
 * a timeout that kills the process with its children, and the same on interruption. Live
 * processes are known, so that Ctrl-C can stop them ({@link #destroyAll}). A {@link Child}
 * is one that is talked to while it runs: lines to its standard input, its lines read back.
 */
public final class Processes {

    /** Lines of output kept by {@link #stream} (its last ones); {@link #capture} keeps all. */
    public static final int TAIL = 100;

    /** How a process ended and what it printed; {@code status} is -1 if it timed out. */
    public record Exit(int status, boolean timedOut, List<String> output) {
        public boolean ok() {
            return !timedOut && status == 0;
        }

        /** The output as one line, for error messages. */
        public String oneLine() {
            return String.join(" ", output).strip();
        }
    }

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    /** Set by {@link #destroyAll}: this JVM is stopping, so no new process may start. */
    private static volatile boolean stopping;

    private Processes() {}

    /** Runs {@code command}, keeping its output. */
    public static Exit capture(List<String> command, Duration timeout) throws IOException, InterruptedException {
        return run(command, timeout, line -> {}, true);
    }

    /** Runs {@code command}, handing each output line to {@code lines} as it comes. */
    public static Exit stream(List<String> command, Duration timeout, Consumer<String> lines)
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

    /**
     * A running child that is talked to: {@link #send} writes a line to its standard input,
     * {@link #next} takes its next output line (stdout and stderr merged). Closing it kills it with
     * its children if it has not ended by itself.
     */
    public static final class Child implements AutoCloseable {
        /** Queued after the child's last line. */
        private static final String END = new String("end of output");
        private final Process process;
        private final BufferedWriter in;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final List<String> tail = new ArrayList<>();
        private boolean ended;

        private Child(Process process, String name) {
            this.process = process;
            this.in = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    // killed while we read: what was read is queued
                } finally {
                    lines.add(END);
                }
            }, "output of " + name);
            reader.setDaemon(true);
            reader.start();
        }

        public long pid() {
            return process.pid();
        }

        /** Writes one line to the child's standard input. */
        public void send(String line) throws IOException {
            in.write(line);
            in.write('\n');
            in.flush();
        }

        /** The child's next output line, or null if it ended or printed nothing within {@code timeout}. */
        public String next(Duration timeout) throws InterruptedException {
            if (ended) {
                return null;
            }
            String line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (line == END) {
                ended = true;
                return null;
            }
            if (line != null) {
                synchronized (tail) {
                    tail.add(line);
                    if (tail.size() > TAIL) {
                        tail.remove(0);
                    }
                }
            }
            return line;
        }

        /**
         * What follows {@code prefix} on the child's next line that starts with it (other lines are
         * skipped, kept in the tail), or null if it ended or printed none within {@code timeout}.
         */
        public String nextAfter(String prefix, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                String line = next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
                if (line == null) {
                    return null;
                }
                if (line.startsWith(prefix)) {
                    return line.substring(prefix.length());
                }
            }
            return null;
        }

        /** Its last output lines read so far, as one line (for error messages). */
        public String tail() {
            synchronized (tail) {
                return String.join(" ", tail).strip();
            }
        }

        /** Waits up to {@code timeout} for the child to end; true if it did. */
        public boolean waitFor(Duration timeout) throws InterruptedException {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }

        public Integer exitValue() {
            return process.isAlive() ? null : process.exitValue();
        }

        /**
         * Sends it SIGINT (wrk ends its run early on it and still reports) every {@code every} until
         * it ends, at most for {@code limit}: the SIGINTs sent, empty if it still runs. Once is not
         * enough for wrk: it ignores SIGINT until its threads have started, and one that lands on a
         * worker thread, or before its main thread sleeps, leaves that thread asleep for the run's whole
         * duration; its handler only sets a flag, so another SIGINT costs nothing.
         */
        public OptionalInt interruptUntilEnded(Duration every, Duration limit) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + limit.toNanos();
            int sent = 0;
            while (process.isAlive()) {
                if (System.nanoTime() >= deadline) {
                    return OptionalInt.empty();
                }
                new ProcessBuilder("kill", "-INT", String.valueOf(process.pid())).inheritIO().start()
                        .waitFor(5, TimeUnit.SECONDS);
                sent++;
                process.waitFor(Math.max(1, Math.min(every.toNanos(), deadline - System.nanoTime())),
                        TimeUnit.NANOSECONDS);
            }
            return OptionalInt.of(sent);
        }

        /** Kills it with its children if it still runs. */
        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException e) {
                // it already ended
            }
            if (process.isAlive()) {
                destroyTree(process);
            }
            LIVE.remove(process);
        }
    }

    /** Starts {@code command} to talk to it; the caller closes it. */
    public static Child start(List<String> command) throws IOException, InterruptedException {
        if (stopping) {
            throw new InterruptedException("stopping: not starting " + command.get(0));
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        LIVE.add(p);
        if (stopping) {
            destroyTree(p);
            LIVE.remove(p);
            throw new InterruptedException("stopping: not starting " + command.get(0));
        }
        return new Child(p, command.get(0));
    }

    /** Whether this JVM is stopping (Ctrl-C or a kill): what fails from now on failed because of it. */
    public static boolean stopping() {
        return stopping;
    }

    /** Kills every process this class started that is still running, with its children, and starts no more. */
    public static void destroyAll() {
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
     * The flags that keep a JVM from warning: JDK 23+ on every sun.misc.Unsafe memory access (JMH,
     * Akka, Pekko and Scala 3 use it), JDK 22+ on JNA loading the C library for getrusage (the
     * counters); older JDKs do not know them.
     */
    public static List<String> quietUnsafe(int feature) {
        List<String> flags = new ArrayList<>();
        if (feature >= 22) {
            flags.add("--enable-native-access=ALL-UNNAMED");
        }
        if (feature >= 23) {
            flags.add("--sun-misc-unsafe-memory-access=allow");
        }
        return List.copyOf(flags);
    }

    /** The java launcher of a JDK home. */
    public static String java(String jdkHome) {
        return Path.of(jdkHome, "bin", "java").toString();
    }

    /** {@code taskset -c CPUS} before a command, or nothing when {@code cpus} is null (unpinned). */
    public static List<String> pinned(String cpus, List<String> command) {
        List<String> cmd = new ArrayList<>();
        if (cpus != null) {
            cmd.addAll(List.of("taskset", "-c", cpus));
        }
        cmd.addAll(command);
        return cmd;
    }
}
