package threadring.bench.echo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import threadring.bench.echo.EchoScore.ServerSample;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.echo.EchoServer;

/**
 * One echo server in a JVM of its own, the unit of an echo repetition: started by {@link EchoLoad}
 * as {@code [taskset -c CPUS] java <id's flags> -cp benchmarks.jar threadring.bench.EchoServe ID [WAIT_MS]}
 * (the wait per request, 0 if absent).
 * It answers on standard output with {@link #PREFIX} and a JSON {@link Reply}: once when it
 * listens (its port), then one per line read on standard input: {@code sample} (memory and
 * threads now) or {@code close} (closed, and the server's threads still alive, named where its
 * close said so), after which it exits. End of input closes it too.
 */
public final class EchoServe {

    /** Marks this tool's lines among whatever else the server's libraries print. */
    static final String PREFIX = "threadring-echo ";

    /** One answer: exactly one of port, sample, threadsLeft and error is set; unclosed only beside threadsLeft. */
    record Reply(Integer port, ServerSample sample, Integer threadsLeft, String unclosed, String error) {}

    static final com.google.gson.Gson LINE = new com.google.gson.GsonBuilder().disableHtmlEscaping()
            .create();

    private EchoServe() {}

    public static void main(String[] args) throws IOException {
        RingFactory f;
        EchoServer server;
        try {
            f = RingFactories.load().require(args[0]);
            f.unsupportedReason().ifPresent(why -> {
                throw new IllegalStateException(why);
            });
            server = EchoServer.open(f, args.length > 1 ? Integer.parseInt(args[1]) : 0);
        } catch (RuntimeException | LinkageError e) {
            reply(new Reply(null, null, null, null, "cannot open " + args[0] + ": " + e));
            System.exit(1);
            return;
        }
        reply(new Reply(server.port(), null, null, null, null));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null && !line.equals("close"); ) {
            reply(line.equals("sample") ? new Reply(null, sample(server), null, null, null)
                    : new Reply(null, null, null, null, "unknown command '" + line + "'"));
        }
        String unclosed = null;
        try {
            server.close();
        } catch (IllegalStateException e) { // threads left alive: the close says which and where they stand
            unclosed = e.getMessage();
        }
        List<Thread> left = server.threads().stream().filter(Thread::isAlive).toList();
        reply(new Reply(null, null, left.size(), left.isEmpty() ? null : unclosed, null));
        System.exit(0); // a library's non-daemon thread must not keep this JVM
    }

    private static void reply(Reply r) {
        System.out.println(PREFIX + LINE.toJson(r));
        System.out.flush();
    }

    /** Memory and threads of this JVM now (its resident set from /proc, -1 where there is none). */
    static ServerSample sample(EchoServer server) {
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        int live = (int) server.threads().stream().filter(Thread::isAlive).count();
        return new ServerSample(rss(), heap, live, ManagementFactory.getThreadMXBean().getThreadCount(), openFiles());
    }

    /** Entries of /proc/self/fd, or -1. */
    static int openFiles() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return (int) fds.count();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** VmRSS of /proc/self/status in bytes, or -1. */
    static long rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return -1;
    }
}
