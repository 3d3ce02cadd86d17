package threadring.bench.jmh;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import threadring.bench.data.Configuration;
import threadring.bench.data.Run;
import threadring.bench.util.Processes;

/**
 * The profilers of the profiling pass ({@code --profile}) and async-profiler's native library,
 * which ships inside benchmarks.jar (Maven Central's tools.profiler:async-profiler) and is
 * extracted for the JMH forks to load. Profilers never run during scored passes.
 */
public final class Profilers {

    /** What {@code --profile} accepts, besides {@code none}. */
    public static final List<String> NAMES = List.of("gc", "jfr", "stack", "async");
    /** async-profiler's cpu sampling interval in the profiling pass: a millisecond. */
    public static final long ASYNC_INTERVAL_NS = 1_000_000;
    /**
     * The default sweep's profiling pass: allocation per hop (gc) and hot methods read from a JFR
     * recording with the JDK's typed API (jfr).
     */
    public static final List<String> DEFAULT = List.of("gc", "jfr");

    /**
     * JMH's stack profiler walks every platform thread's stack each period; at its default 10 ms,
     * 503 OS threads made threads/park 72% slower here, at 100 ms 10%.
     */
    static final String STACK_OPTIONS = "period=100";

    /** The library, or why async-profiler cannot run here. */
    public record Async(Path lib, String unavailable) {
        static Async unavailable(String why) {
            return new Async(null, why);
        }

        public boolean available() {
            return lib != null;
        }
    }

    private Profilers() {}

    /** The resource holding async-profiler's library for an OS and arch, or null if it ships none. */
    static String asyncResource(String osName, String osArch) {
        if (!osName.toLowerCase(Locale.ROOT).startsWith("linux")) {
            return null;
        }
        return switch (osArch) {
            case "amd64", "x86_64" -> "linux-x64/libasyncProfiler.so";
            case "aarch64", "arm64" -> "linux-arm64/libasyncProfiler.so";
            default -> null;
        };
    }

    /** Extracts the library for this platform into {@code dir}. */
    public static Async extract(Path dir) {
        String resource = asyncResource(System.getProperty("os.name"), System.getProperty("os.arch"));
        if (resource == null) {
            return Async.unavailable("async-profiler ships no library for " + System.getProperty("os.name") + " "
                    + System.getProperty("os.arch") + " (only linux-x64 and linux-arm64)");
        }
        try (InputStream in = Profilers.class.getResourceAsStream("/" + resource)) {
            if (in == null) {
                return Async.unavailable(resource + " is not in benchmarks.jar");
            }
            Files.createDirectories(dir);
            Path lib = dir.resolve("libasyncProfiler.so");
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            return new Async(lib, null);
        } catch (IOException e) {
            return Async.unavailable("cannot extract " + resource + ": " + e.getMessage());
        }
    }

    /**
     * Starts async-profiler in a short JVM ({@code javaCommand}: a configuration's taskset and
     * java) the way JMH will, so that a kernel that refuses perf events or a JVM that cannot load
     * it is known before any benchmark runs. Returns null if it works, else why not.
     */
    public static String probe(List<String> javaCommand, Path lib, Path dir) {
        try {
            Path out = Files.createTempFile(dir, "probe", ".txt");
            List<String> cmd = new ArrayList<>(javaCommand);
            cmd.add("-agentpath:" + lib + "=start,event=cpu,interval=1ms,file=" + out);
            cmd.add("-version");
            Processes.Exit exit = Processes.capture(cmd, Duration.ofSeconds(60));
            Files.deleteIfExists(out);
            if (exit.timedOut()) {
                return "async-profiler did not let a JVM finish within 60 s";
            }
            if (exit.status() != 0) {
                String last = exit.output().stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("");
                return "a JVM with async-profiler exited with status " + exit.status() + ": " + last.strip();
            }
            return null;
        } catch (IOException e) {
            return "cannot start a JVM with async-profiler: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while probing async-profiler";
        }
    }

    /**
     * Extracts async-profiler into {@code dir} and starts it once per configuration; what does not
     * work is said on {@code out} and skipped.
     */
    public static Run.AsyncStatus prepare(Path dir, List<Configuration> configs, PrintStream out) throws IOException {
        Files.createDirectories(dir);
        Async async = extract(dir);
        Map<String, String> problems = new LinkedHashMap<>();
        for (Configuration c : configs) {
            String problem = async.available()
                    ? probe(Processes.pinned(c.cpus(), List.of(Processes.java(c.jdk()))), async.lib(), dir)
                    : async.unavailable();
            if (problem != null) {
                problems.put(c.label(), problem);
                out.println("threadring: async-profiler unavailable on " + c.label() + ", profiling without it: "
                        + problem);
            }
        }
        return new Run.AsyncStatus(async.available() ? async.lib().toString() : null, problems);
    }
}
