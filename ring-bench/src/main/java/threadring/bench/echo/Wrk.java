package threadring.bench.echo;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import threadring.bench.data.Json;
import threadring.bench.data.RunFile;
import threadring.bench.util.Processes;

/**
 * wrk, the echo server's load: {@code echo.lua} posts a fixed body on every connection, checks
 * that every response is 200 with that body, and writes its summary as JSON to a file, read back
 * as a {@link Summary}. Nothing is read from wrk's console text.
 */
public final class Wrk {

    static final String SCRIPT = RunFile.ECHO_SCRIPT;
    /** A response later than this counts as wrk's timeout error (wrk's own default is 2 s). */
    static final int TIMEOUT_SECONDS = 10;

    /** What echo.lua writes: wrk's counts and latency, and its own check of every response. */
    record Summary(long requests, long durationUs, long bytes, int bodyBytes, long checked, long wrong,
            String firstWrong, long connectErrors, long readErrors, long writeErrors, long statusErrors,
            long timeouts, long windowRequests, long windowStartUs, long windowEndUs, EchoScore.Latency latencyUs) {

        /** The measured window's length: from the first answer after the gate to the first after its end. */
        double windowSeconds() {
            return windowEndUs > windowStartUs ? (windowEndUs - windowStartUs) / 1e6 : 0;
        }

        /** Requests per second in the measured window (0 if it had no answer). */
        double windowRate() {
            return windowSeconds() > 0 ? windowRequests / windowSeconds() : 0;
        }

        double seconds() {
            return durationUs / 1e6;
        }

        double requestsPerSecond() {
            return requests / seconds();
        }

        long socketErrors() {
            return connectErrors + readErrors + writeErrors;
        }

        /** Why this load fails its row: a wrong echo, a response not checked, or none at all; else null. */
        String failure() {
            if (wrong > 0) {
                return wrong + " of " + checked + " responses were not 200 with the request's body (first: "
                        + firstWrong + ")";
            }
            if (checked != requests) {
                return "echo.lua checked " + checked + " of wrk's " + requests + " responses";
            }
            if (requests == 0) {
                return String.format(Locale.ROOT, "no response in %.0f s (%d connect, %d read, %d write errors, "
                        + "%d timeouts)", seconds(), connectErrors, readErrors, writeErrors, timeouts);
            }
            return null;
        }
    }

    private Wrk() {}

    /** The wrk on {@code path} (a PATH value), if there is one. */
    public static Optional<Path> find(String path) {
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "wrk"))) {
                return Optional.of(Path.of(dir, "wrk"));
            }
        }
        return Optional.empty();
    }

    /** The wrk on this process's PATH, if there is one. */
    public static Optional<Path> find() {
        return find(System.getenv("PATH"));
    }

    public static final String MISSING = "wrk is not on PATH (Debian: apt-get install wrk)";

    /** Writes echo.lua into {@code dir} (the run's folder, so a run says what load it ran). */
    public static Path script(Path dir) throws IOException {
        Path file = dir.resolve(SCRIPT);
        try (InputStream in = Wrk.class.getResourceAsStream(SCRIPT)) {
            if (in == null) {
                throw new IllegalStateException(SCRIPT + " is missing from the jar");
            }
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    /**
     * {@code wrk -t THREADS -c CONNECTIONS -d SECONDSs --timeout 10s -s SCRIPT URL -- OUT [GATE WINDOW_MS]}:
     * with a gate, echo.lua counts a window of WINDOW_MS from when the file GATE exists.
     */
    static List<String> command(Path wrk, int threads, int connections, int seconds, Path script, int port, Path out,
            String... window) {
        List<String> c = new ArrayList<>(List.of(wrk.toString(), "-t", String.valueOf(Math.min(threads, connections)),
                "-c", String.valueOf(connections), "-d", seconds + "s", "--timeout", TIMEOUT_SECONDS + "s",
                "-s", script.toString(), "http://127.0.0.1:" + port + "/echo", "--", out.toString()));
        c.addAll(List.of(window));
        return c;
    }

    /**
     * Runs wrk pinned to {@code cpus} (null: unpinned) and returns its summary.
     *
     * @throws IllegalStateException naming what went wrong if wrk failed or wrote no summary
     */
    static Summary run(String cpus, List<String> command, Path out, int seconds)
            throws IOException, InterruptedException {
        Files.deleteIfExists(out);
        Duration timeout = Duration.ofSeconds(seconds + 2L * TIMEOUT_SECONDS + 30);
        Processes.Exit exit = Processes.capture(Processes.pinned(cpus, command), timeout);
        if (exit.timedOut()) {
            throw new IllegalStateException("wrk did not end within " + timeout.toSeconds() + " s");
        }
        if (!exit.ok()) {
            throw new IllegalStateException("wrk exited with status " + exit.status() + ": " + exit.oneLine());
        }
        if (!Files.exists(out)) {
            throw new IllegalStateException("wrk wrote no summary: " + exit.oneLine());
        }
        return Json.read(out, Summary.class);
    }
}
