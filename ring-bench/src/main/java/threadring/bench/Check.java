package threadring.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import threadring.core.Ring;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Rings;

/**
 * One verified pass of every implementation outside JMH, one line each. Variants that need JVM
 * flags (a one-carrier scheduler) run in a child JVM started with them.
 */
final class Check {

    static final int DEFAULT_HOPS = 1_000_000;

    private final List<String> includes = new ArrayList<>();
    private int nodes = Rings.DEFAULT_NODES;
    private int hops = DEFAULT_HOPS;
    private int timeoutSeconds = 600;
    private boolean child;
    private Path jdk;
    private final List<String> argv;
    private final PrintStream out;

    private Check(List<String> argv, PrintStream out) {
        this.argv = argv;
        this.out = out;
    }

    static Check parse(List<String> argv, PrintStream out) {
        Check c = new Check(argv, out);
        Args args = new Args(argv);
        while (args.hasNext()) {
            String a = args.next();
            switch (a) {
                case "--include" -> c.includes.add(Args.regex(a, args.value(a)));
                case "--nodes" -> c.nodes = Args.intAtLeast(a, args.value(a), 2);
                case "--hops" -> c.hops = Args.intAtLeast(a, args.value(a), 0);
                case "--timeout" -> c.timeoutSeconds = Args.intAtLeast(a, args.value(a), 1);
                case "--child" -> c.child = true;
                case "--jdk" -> c.jdk = Args.jdk(a, args.value(a));
                default -> throw new UsageException("unknown check option '" + a + "' (see -h)");
            }
        }
        return c;
    }

    /** Returns the exit status: 0 if every checked implementation answered correctly. */
    int run() throws Exception {
        if (jdk != null && !jdk.toRealPath().equals(Path.of(System.getProperty("java.home")).toRealPath())) {
            return onOtherJdk();
        }
        RingFactories all = RingFactories.load();
        List<Pattern> patterns = includes.stream().map(Pattern::compile).toList();
        List<RingFactory> selected = all.all().stream()
                .filter(f -> patterns.isEmpty() || patterns.stream().anyMatch(p -> p.matcher(f.id()).find()))
                .toList();
        if (!child) {
            if (!all.unloadable().isEmpty()) {
                out.println("note: " + all.unloadable().size() + " implementation(s) cannot load on JDK "
                        + Runtime.version().feature() + " and are not checked, e.g. " + all.unloadable().get(0));
            }
            if (selected.isEmpty()) {
                throw new UsageException("--include " + includes + " matches no implementation id (see 'list')");
            }
        }
        int failed = 0;
        for (RingFactory f : selected) {
            Optional<String> unsupported = f.unsupportedReason();
            if (unsupported.isEmpty()) {
                failed += passOnce(f) ? 0 : 1;
            } else if (Runtime.version().feature() < f.minimumJavaVersion()) {
                out.println(f.id() + " nodes=" + nodes + " hops=" + hops + " SKIP " + unsupported.get());
            } else if (child) {
                out.println(f.id() + " nodes=" + nodes + " hops=" + hops + " FAIL " + unsupported.get());
                failed++;
            } else {
                failed += inChildJvm(f) ? 0 : 1;
            }
        }
        return failed == 0 ? 0 : 1;
    }

    private boolean passOnce(RingFactory f) {
        String head = f.id() + " nodes=" + nodes + " hops=" + hops;
        CompletableFuture<long[]> result = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try (Ring ring = f.open(nodes)) {
                long start = System.nanoTime();
                int last = ring.pass(hops);
                long elapsed = System.nanoTime() - start;
                result.complete(new long[] {last, elapsed});
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "check " + f.id());
        runner.setDaemon(true); // a deadlocked ring must not keep the JVM alive
        runner.start();
        try {
            long[] r = result.get(timeoutSeconds, TimeUnit.SECONDS);
            int last = (int) r[0];
            int expected = Rings.expectedLast(nodes, hops);
            String line = String.format(Locale.ROOT, "%s last=%d ms=%.1f", head, last, r[1] / 1e6);
            if (last != expected) {
                out.println(line + " FAIL expected last=" + expected);
                return false;
            }
            out.println(line + " ok");
            return true;
        } catch (TimeoutException e) {
            out.println(head + " FAIL no answer within " + timeoutSeconds + " s (deadlock?)");
        } catch (ExecutionException e) {
            out.println(head + " FAIL " + oneLine(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.println(head + " FAIL interrupted");
        }
        return false;
    }

    /** The same check, run by the JDK given with --jdk. */
    private int onOtherJdk() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(jdk.resolve("bin").resolve("java").toString(),
                "-cp", System.getProperty("java.class.path"), Cli.class.getName(), "check"));
        for (int i = 0; i < argv.size(); i++) {
            if (argv.get(i).equals("--jdk")) {
                i++;
            } else {
                cmd.add(argv.get(i));
            }
        }
        return relay(cmd, Long.MAX_VALUE) == 0 ? 0 : 1;
    }

    private boolean inChildJvm(RingFactory f) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(f.jvmArgs());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Cli.class.getName(), "check", "--child",
                "--include", "^" + Pattern.quote(f.id()) + "$", "--nodes", String.valueOf(nodes),
                "--hops", String.valueOf(hops), "--timeout", String.valueOf(timeoutSeconds)));
        int exit = relay(cmd, timeoutSeconds + 60L);
        if (exit == TIMED_OUT) {
            out.println(f.id() + " nodes=" + nodes + " hops=" + hops + " FAIL the child JVM (" + String.join(" ", f.jvmArgs())
                    + ") did not exit");
        }
        return exit == 0;
    }

    private static final int TIMED_OUT = -1;

    /** Runs {@code cmd}, copying its output; its exit status, or TIMED_OUT after {@code seconds}. */
    private int relay(List<String> cmd, long seconds) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                out.println(line);
            }
        }
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return TIMED_OUT;
        }
        return p.exitValue();
    }

    private static String oneLine(Throwable e) {
        StringBuilder s = new StringBuilder(String.valueOf(e));
        for (Throwable c = e.getCause(); c != null && c != e; c = c.getCause()) {
            s.append(" <- ").append(c);
        }
        return s.toString().replace('\n', ' ');
    }
}
