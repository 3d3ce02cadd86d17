package threadring.go;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The Go program the {@code go} rows run ({@code threadring/go/threadring.go}, standard library
 * only), built once per version of its source with the Go toolchain found on this machine: the
 * {@code go} on {@code PATH}, else the usual install folders. Built into the temporary folder under
 * the source's hash, so every JVM of a sweep reuses one binary and a changed source is rebuilt.
 * Where no toolchain is found or the build fails, {@link #binary()} says why, and the rows say
 * "cannot run here" with that reason.
 */
public final class GoProgram {

    static final String SOURCE = "/threadring/go/threadring.go";
    /** Where a Go toolchain is installed when it is not on PATH (the official tarball, Debian's golang-go). */
    static final List<String> INSTALLS = List.of("/usr/local/go/bin/go", "/usr/lib/go/bin/go");
    private static final long BUILD_MINUTES = 5;

    private static volatile Result built;

    private GoProgram() {}

    /** The built program, or why there is none. */
    public record Result(Path binary, String why) {}

    /** The program's binary, built on first use; or why this machine cannot run it. */
    public static Result binary() {
        Result r = built;
        if (r == null) {
            synchronized (GoProgram.class) {
                if (built == null) {
                    built = build();
                }
                r = built;
            }
        }
        return r;
    }

    /** Why the {@code go} rows cannot run here, or empty. */
    public static Optional<String> whyNot() {
        return Optional.ofNullable(binary().why());
    }

    /**
     * The environment variable naming the {@code go} command to build with, instead of the search;
     * a path that is no executable (or empty) means none, as on a machine without Go. Child JVMs
     * (JMH's forks, where the rows build the program) inherit it.
     */
    public static final String ENV = "THREADRING_GO";

    /** The toolchain's {@code go} command: {@link #ENV}'s, else on PATH, else an install folder; empty if none. */
    static Optional<Path> toolchain() {
        return toolchain(System.getenv(ENV), System.getenv().getOrDefault("PATH", ""));
    }

    static Optional<Path> toolchain(String named, String path) {
        Stream<Path> candidates = named != null ? Stream.of(named).filter(n -> !n.isEmpty()).map(Path::of)
                : Stream.concat(Stream.of(path.split(File.pathSeparator)).filter(d -> !d.isEmpty())
                        .map(d -> Path.of(d, "go")), INSTALLS.stream().map(Path::of));
        return candidates.filter(p -> Files.isRegularFile(p) && Files.isExecutable(p)).findFirst();
    }

    /** Why there is no toolchain, {@code named} being {@link #ENV}'s value (null: not set). */
    static String noToolchain(String named) {
        return named != null ? "no Go toolchain: " + ENV + " names " + (named.isEmpty() ? "none" : named
                + ", which is not an executable go")
                : "no Go toolchain: go is not on PATH nor in " + String.join(", ", INSTALLS)
                        + " (install one: apt-get install golang-go)";
    }

    private static Result build() {
        Optional<Path> go = toolchain();
        if (go.isEmpty()) {
            return new Result(null, noToolchain(System.getenv(ENV)));
        }
        try {
            byte[] source = source();
            Path dir = Path.of(System.getProperty("java.io.tmpdir"), "threadring-go-" + hash(source));
            Path binary = dir.resolve("threadring-go");
            if (Files.isExecutable(binary)) {
                return new Result(binary, null);
            }
            Files.createDirectories(dir);
            Path file = dir.resolve("threadring.go");
            Files.write(file, source);
            Path tmp = Files.createTempFile(dir, "threadring-go", ".building");
            Path log = dir.resolve("build.log");
            ProcessBuilder pb = new ProcessBuilder(go.get().toString(), "build", "-o", tmp.toString(), file.toString())
                    .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            Map<String, String> env = pb.environment();
            env.put("GOTOOLCHAIN", "local"); // never download another toolchain
            env.put("CGO_ENABLED", "0");
            if (!env.containsKey("HOME") && !env.containsKey("GOCACHE")) {
                env.put("GOCACHE", dir.resolve("cache").toString());
            }
            Process p = pb.start();
            if (!p.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return new Result(null, "go build did not finish in " + BUILD_MINUTES + " minutes");
            }
            if (p.exitValue() != 0) {
                String out = Files.readString(log, StandardCharsets.UTF_8).strip();
                return new Result(null, "go build failed (exit " + p.exitValue() + "): "
                        + out.lines().limit(3).reduce((a, b) -> a + "; " + b).orElse("no output"));
            }
            Files.move(tmp, binary, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return new Result(binary, null);
        } catch (IOException e) {
            return new Result(null, "could not build the Go program: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(null, "interrupted while building the Go program");
        }
    }

    static byte[] source() throws IOException {
        try (InputStream in = GoProgram.class.getResourceAsStream(SOURCE)) {
            if (in == null) {
                throw new IOException(SOURCE + " is not on the class path");
            }
            return in.readAllBytes();
        }
    }

    private static String hash(byte[] source) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(source)).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
