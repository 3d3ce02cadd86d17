package threadring.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The JMH profilers of a sweep ({@code --profile}): their {@code -prof} arguments, and
 * async-profiler's native library, which ships inside benchmarks.jar (Maven Central's
 * tools.profiler:async-profiler) and is extracted for the JMH child to load.
 */
final class Profilers {

    /** Everything async-profiler needs, or why it cannot run here. */
    record Async(Path lib, String unavailable) {
        static Async unavailable(String why) {
            return new Async(null, why);
        }

        boolean available() {
            return lib != null;
        }
    }

    /**
     * JMH's stack profiler walks every platform thread's stack each period; at its default 10 ms,
     * 503 OS threads made threads/park 72% slower here (19.3 s -> 33.1 s per pass of 10^6 hops),
     * at 100 ms 10% (21.2 s). A multi-second pass still gets hundreds of samples.
     */
    static final String STACK = "stack:period=100";

    private Profilers() {}

    /** JMH's {@code -prof} arguments for one JMH process; async only with a library. */
    static List<String> jmhArgs(List<String> profiles, Path runDir, String label, Path asyncLib) {
        List<String> args = new ArrayList<>();
        for (String p : profiles) {
            switch (p) {
                case "stack" -> args.addAll(List.of("-prof", STACK));
                case "gc" -> args.addAll(List.of("-prof", p));
                case "jfr" -> args.addAll(List.of("-prof", "jfr:dir=" + runDir.resolve("jfr").resolve(label)));
                case "async" -> {
                    if (asyncLib != null) {
                        args.addAll(List.of("-prof", "async:libPath=" + asyncLib + ";output=flamegraph;dir="
                                + runDir.resolve("async").resolve(label) + ";event=cpu"));
                    }
                }
                default -> throw new IllegalArgumentException("unknown profiler " + p);
            }
        }
        return args;
    }

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
    static Async extract(Path dir) {
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
     * Starts async-profiler in a short JVM (the JDK and cpu set of a configuration) the way JMH
     * will, so that a kernel that refuses perf events or a JVM that cannot load it is known before
     * any benchmark runs. Returns null if it works, else why not.
     */
    static String probe(List<String> javaCommand, Path lib, Path dir) {
        try {
            Path out = Files.createTempFile(dir, "probe", ".txt");
            List<String> cmd = new ArrayList<>(javaCommand);
            cmd.add("-agentpath:" + lib + "=start,event=cpu,interval=1ms,file=" + out);
            cmd.add("-version");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean done = p.waitFor(60, TimeUnit.SECONDS);
            Files.deleteIfExists(out);
            if (!done) {
                p.destroyForcibly();
                return "async-profiler did not let a JVM finish within 60 s";
            }
            String problem = problem(text);
            if (p.exitValue() != 0) {
                return "a JVM with async-profiler exited with status " + p.exitValue()
                        + (problem != null ? ": " + problem : "");
            }
            return problem;
        } catch (IOException e) {
            return "cannot start a JVM with async-profiler: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while probing async-profiler";
        }
    }

    /** async-profiler's own complaint in a JVM's output ({@code [ERROR] ...}), or null. */
    static String problem(String output) {
        for (String line : output.split("\\R")) {
            String l = line.trim();
            if (l.startsWith("[ERROR]") || l.contains("Could not find agent library")
                    || l.contains("Error occurred during initialization of VM")
                    || l.contains("Unable to load async-profiler")) {
                return l;
            }
        }
        return null;
    }

    /** async-profiler's warnings in a JVM's output (e.g. perf events refused, fell back to a timer). */
    static List<String> warnings(String output) {
        List<String> w = new ArrayList<>();
        for (String line : output.split("\\R")) {
            if (line.trim().startsWith("[WARN]")) {
                w.add(line.trim());
            }
        }
        return w;
    }
}
