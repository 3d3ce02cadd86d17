package threadring.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import threadring.core.FanOut;
import threadring.core.Rendezvous;
import threadring.core.Ring;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Rings;
import threadring.core.Shape;
import threadring.core.Soak;
import threadring.core.Workload;

/**
 * {@code benchmark.sh check}: one verified pass of every implementation outside JMH, one line
 * each ({@code <id> nodes=N [tokens=T depth=D work=W] hops=H sum=S ms=T ok}, or {@code FAIL <why>};
 * for one token the sum is the Benchmarks Game's last node), and with {@code --workload
 * rendezvous} one verified exchange ({@code <id> workload=rendezvous values=M sum=S ms=T ok}) of
 * every id that has one. Variants that need JVM flags (a one-carrier scheduler, Quasar's open
 * java.lang) run in a child JVM started with them.
 */
@Command(name = "check", sortOptions = false, usageHelpAutoWidth = true,
        description = "One verified pass per implementation, outside JMH (exit status 1 if any fails).")
final class Check implements Callable<Integer> {

    @Mixin
    Cli.Help help;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec command;

    static final int DEFAULT_HOPS = 1_000_000;
    static final int DEFAULT_VALUES = 1_000_000;

    @Option(names = "--include", paramLabel = "REGEX", converter = OptionValues.Regex.class,
            description = "Only ids matching REGEX (repeatable).")
    List<String> includes = new ArrayList<>();

    @Option(names = "--nodes", paramLabel = "N", converter = OptionValues.Nodes.class,
            description = "Ring size (default 503).")
    int nodes = Rings.DEFAULT_NODES;

    @Option(names = "--tokens", paramLabel = "T", converter = OptionValues.Positive.class,
            description = "Tokens in flight, 1 <= T < N (default 1).")
    int tokens = 1;

    @Option(names = "--depth", paramLabel = "D", converter = OptionValues.NonNegative.class,
            description = "Frames each node waits below its loop (default 0).")
    int depth;

    @Option(names = "--work", paramLabel = "W", converter = OptionValues.NonNegative.class,
            description = "Blackhole.consumeCPU units per hop, or per fan-out task (default 0).")
    int work;

    @Option(names = "--hops", paramLabel = "H", converter = OptionValues.NonNegative.class,
            description = "Hops of the pass (default 1000000).")
    int hops = DEFAULT_HOPS;

    @Option(names = "--workload", paramLabel = "NAME", converter = OptionValues.WorkloadName.class,
            description = "ring, rendezvous, fanout or echo; repeatable (default: ring).")
    List<Workload> workloads = new ArrayList<>();

    @Option(names = "--values", paramLabel = "M", converter = OptionValues.NonNegative.class,
            description = "Values of the rendezvous exchange (default 1000000).")
    int values = DEFAULT_VALUES;

    @Option(names = "--tasks", paramLabel = "T", converter = OptionValues.NonNegative.class,
            description = "Tasks of the fan-out operation (default 100000).")
    int tasks = FanOut.DEFAULT_TASKS;

    @Option(names = "--delay-ms", paramLabel = "D", converter = OptionValues.DelayMs.class,
            description = "Each fan-out task's wait in milliseconds (default 100); --work is its work.")
    int delayMs = FanOut.DEFAULT_DELAY_MS;

    @Option(names = "--requests", paramLabel = "R", converter = OptionValues.Positive.class,
            description = "Echo server: requests to send, spread over --connections (default 1000).")
    int requests = 1000;

    @Option(names = "--connections", paramLabel = "C", converter = OptionValues.Positive.class,
            description = "Echo server: connections open at once (default 10).")
    int connections = 10;

    @Option(names = "--known-issues", description = "Also check the workloads of ids with a known upstream hang "
            + "(list shows them); by default each gets a SKIP line naming it.")
    boolean knownIssues;

    int timeoutSeconds = 600;
    /** Whether --timeout was given (the soak has a default of its own). */
    boolean timeoutSet;

    @Option(names = "--timeout", paramLabel = "S", converter = OptionValues.Positive.class,
            description = "Seconds before a pass counts as deadlocked (default 600; soak: "
                    + SOAK_PASS_TIMEOUT_SECONDS + ").")
    void timeout(int seconds) {
        timeoutSeconds = seconds;
        timeoutSet = true;
    }

    @Option(names = "--jdk", paramLabel = "PATH", converter = OptionValues.JdkHome.class,
            description = "JDK home to check on (default: the one running this).")
    Path jdk;

    @Option(names = "--soak", paramLabel = "MINUTES", converter = OptionValues.Positive.class,
            description = "Instead of one pass: randomly drawn rings (nodes, tokens, depth, work, hops up to ten "
                    + "times what takes a second), rendezvous sizes and fan-outs for every selected id, shared out "
                    + "over MINUTES; one line per failure, exit status 1 if any pass failed or hung.")
    Integer soakMinutes;

    @Option(names = "--seed", paramLabel = "S", description = "The soak's seed (default: drawn and printed); "
            + "the same seed replays the same draws.")
    Long seed;

    /** The soak's share of one id, in a child JVM. */
    @Option(names = "--soak-seconds", hidden = true)
    Integer soakSeconds;

    /** Set in the child JVM that runs a variant with its flags. */
    @Option(names = "--child", hidden = true)
    boolean child;

    private final PrintStream out = System.out;

    private Shape shape;

    @Override
    public Integer call() throws Exception {
        shape = OptionValues.shape(nodes, tokens, depth, work);
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
        if (!child && soakMinutes == null && soakSeconds == null) {
            onlyWith(Workload.FANOUT, "the fan-out", "--tasks", "--delay-ms");
            onlyWith(Workload.ECHO, "the echo server", "--requests", "--connections");
        }
        if (soakMinutes != null || soakSeconds != null) {
            for (String option : List.of("--nodes", "--tokens", "--depth", "--work", "--hops", "--values", "--tasks",
                    "--delay-ms", "--requests", "--connections", "--workload")) {
                if (command.commandLine().getParseResult().hasMatchedOption(option)) {
                    throw new UsageException("--soak draws its own shapes and sizes: " + option + " cannot be given "
                            + "with it");
                }
            }
            return soak(selected);
        }
        int failed = 0;
        // ids that run none of the workloads asked for are not checked, and said so once at the end
        List<String> runNone = selected.stream().filter(f -> workloads().stream().noneMatch(f::runs))
                .map(RingFactory::id).toList();
        List<RingFactory> checked = selected.stream().filter(f -> !runNone.contains(f.id())).toList();
        Progress.Counter progress = child ? null : new Progress.Counter(System.err, checked.size());
        for (RingFactory f : checked) {
            if (progress != null) {
                progress.next("checking " + f.id());
            }
            Optional<String> unsupported = f.unsupportedReason();
            if (unsupported.isEmpty()) {
                for (Workload w : workloads()) {
                    if (f.runs(w) && f.knownIssue(w).isPresent() && !knownIssues) {
                        out.println(head(f, w) + " SKIP known issue: " + f.knownIssue(w).get()
                                + " (--known-issues checks it anyway)");
                    } else if (f.runs(w)) {
                        failed += once(f, w) ? 0 : 1;
                    } else if (child || workloads().size() > 1) {
                        out.println(head(f, w) + " SKIP has no " + w.label());
                    }
                }
            } else if (Runtime.version().feature() < f.minimumJavaVersion()) {
                out.println(head(f, workloads().get(0)) + " SKIP " + unsupported.get());
            } else if (child) {
                out.println(head(f, workloads().get(0)) + " FAIL " + unsupported.get());
                failed++;
            } else {
                failed += inChildJvm(f) ? 0 : 1;
            }
        }
        if (!child && !runNone.isEmpty()) {
            out.println("not checked: " + runNone.size() + " id(s) that run no "
                    + workloads().stream().map(Workload::label).collect(java.util.stream.Collectors.joining(" or "))
                    + " (" + String.join(", ", runNone) + ")");
        }
        return failed == 0 ? 0 : 1;
    }

    /** A workload's own options, refused unless that workload is checked. */
    private void onlyWith(Workload w, String name, String... options) {
        if (workloads().contains(w)) {
            return;
        }
        for (String option : options) {
            if (command.commandLine().getParseResult().hasMatchedOption(option)) {
                throw new UsageException(option + " " + command.commandLine().getParseResult().matchedOption(option)
                        .getValue() + " applies to " + name + ": add --workload " + w.label());
            }
        }
    }

    /** Timeout of one soak pass unless --timeout is given: a drawn pass takes up to about ten seconds here. */
    static final int SOAK_PASS_TIMEOUT_SECONDS = 120;

    /**
     * The soak: each id gets an equal share of the time, in this JVM or (for ids that need JVM
     * flags) in a child JVM started with them; one line per failure and one per id.
     */
    private int soak(List<RingFactory> all) throws Exception {
        long s = seed != null ? seed : new java.security.SecureRandom().nextLong();
        // the soak draws rings, rendezvous and fan-outs; an echo server only is checked, not soaked
        List<RingFactory> selected = all.stream().filter(f -> f.runs(Workload.RING) || f.runs(Workload.RENDEZVOUS)
                || f.runs(Workload.FANOUT)).toList();
        List<String> echoOnly = all.stream().filter(f -> !selected.contains(f)).map(RingFactory::id).toList();
        List<RingFactory> runnable = selected.stream()
                .filter(f -> Runtime.version().feature() >= f.minimumJavaVersion()).toList();
        int share = soakSeconds != null ? soakSeconds
                : (int) Math.max(MIN_SOAK_SECONDS, soakMinutes * 60L / Math.max(1, runnable.size()));
        // each id's share starts after its sizing (about a second): the soak as a whole takes a little longer
        if (!child) {
            out.println("soak: seed=" + s + " (replay with --seed " + s + "), " + runnable.size() + " ids, about "
                    + share + " s each, " + passTimeout() + " s per pass before it counts as hung");
        }
        int failed = 0;
        long passes = 0;
        Progress.Counter progress = child ? null : new Progress.Counter(System.err, selected.size());
        for (RingFactory f : selected) {
            if (progress != null) {
                progress.next("soaking " + f.id());
            }
            if (Runtime.version().feature() < f.minimumJavaVersion()) {
                out.println(f.id() + " soak SKIP " + f.unsupportedReason().orElse(""));
                continue;
            }
            if (f.unsupportedReason().isPresent()) {
                if (child) {
                    out.println(f.id() + " soak seed=" + s + " FAIL " + f.unsupportedReason().get());
                    failed++;
                    continue;
                }
                List<String> cmd = new ArrayList<>(List.of(Processes.java(System.getProperty("java.home"))));
                cmd.addAll(Processes.quietUnsafe(Runtime.version().feature()));
                cmd.addAll(f.jvmArgs());
                cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Cli.class.getName(), "check",
                        "--child", "--include", "^" + Pattern.quote(f.id()) + "$", "--soak-seconds",
                        String.valueOf(share), "--seed", String.valueOf(s), "--timeout", String.valueOf(passTimeout())));
                Processes.Exit exit = Processes.stream(cmd, Duration.ofSeconds(share + 2L * passTimeout() + 120),
                        out::println);
                if (exit.timedOut()) {
                    out.println(f.id() + " soak seed=" + s + " FAIL the child JVM (" + String.join(" ", f.jvmArgs())
                            + ") did not exit");
                }
                failed += exit.ok() ? 0 : 1;
                continue;
            }
            for (Workload w : Workload.values()) {
                f.knownIssue(w).ifPresent(why -> out.println(f.id() + " soak: no " + w.label()
                        + " draws, a known issue: " + why));
            }
            long[] count = new long[1];
            List<Soak.Outcome> failures;
            try {
                Soak.Scale scale = Soak.scale(f, Duration.ofSeconds(passTimeout()));
                failures = Soak.run(f, s, Duration.ofSeconds(share), Duration.ofSeconds(passTimeout()), scale,
                        o -> count[0]++);
            } catch (RuntimeException e) {
                out.println(f.id() + " soak seed=" + s + " FAIL " + e.getMessage());
                failed++;
                continue;
            }
            passes += count[0];
            for (Soak.Outcome o : failures) {
                out.println(f.id() + " soak seed=" + s + " draw=" + o.draw().index() + " " + o.draw().describe()
                        + " FAIL " + o.failure());
            }
            if (failures.isEmpty()) {
                out.println(f.id() + " soak seed=" + s + (count[0] == 0 ? " no pass (its workloads have known issues, or "
                        + "every draw was past its limits)" : " passes=" + count[0] + " ok"));
            }
            failed += failures.isEmpty() ? 0 : 1;
        }
        if (!child && !echoOnly.isEmpty()) {
            out.println("not soaked: " + echoOnly.size() + " echo server id(s), which the soak does not draw ("
                    + String.join(", ", echoOnly) + "; 'check --workload echo' checks them)");
        }
        if (!child) {
            out.println("soak: seed=" + s + ", " + runnable.size() + " ids, " + failed + " failed");
        }
        return failed == 0 ? 0 : 1;
    }

    /** The soak's minimum share of one id: at least a few draws each. */
    static final int MIN_SOAK_SECONDS = 1;

    private int passTimeout() {
        return timeoutSet ? timeoutSeconds : SOAK_PASS_TIMEOUT_SECONDS;
    }

    private List<Workload> workloads() {
        return workloads.isEmpty() ? List.of(Workload.RING) : workloads.stream().distinct().toList();
    }

    private String head(RingFactory f, Workload w) {
        return switch (w) {
            case RING -> f.id() + " " + shape + " hops=" + hops;
            case RENDEZVOUS -> f.id() + " workload=rendezvous values=" + values;
            case FANOUT -> f.id() + " workload=fanout tasks=" + tasks + " delay_ms=" + delayMs + " work=" + work;
            case ECHO -> f.id() + " workload=echo requests=" + requests + " connections=" + connections;
        };
    }

    /** Bodies of the echo check: random, up to 4 KiB. */
    static final int ECHO_MAX_BODY = 4096;

    /** A pass of the ring, an exchange of the rendezvous, a fan-out, or the echo check, timed and checked. */
    private boolean once(RingFactory f, Workload w) {
        if (w == Workload.ECHO) {
            return echo(f);
        }
        CompletableFuture<long[]> result = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try {
                long start;
                long sum;
                if (w == Workload.RING) {
                    try (Ring ring = f.open(shape)) {
                        start = System.nanoTime();
                        sum = ring.pass(hops);
                    }
                } else if (w == Workload.RENDEZVOUS) {
                    try (Rendezvous r = f.openRendezvous()) {
                        start = System.nanoTime();
                        sum = r.exchange(values);
                    }
                } else {
                    try (FanOut fanOut = f.openFanOut()) {
                        start = System.nanoTime();
                        sum = fanOut.run(tasks, delayMs, work);
                    }
                }
                result.complete(new long[] {sum, System.nanoTime() - start});
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "check " + f.id());
        runner.setDaemon(true); // a deadlocked ring must not keep the JVM alive
        runner.start();
        try {
            long[] r = result.get(timeoutSeconds, TimeUnit.SECONDS);
            long expected = switch (w) {
                case RING -> shape.expected(hops);
                case RENDEZVOUS -> Rendezvous.expected(values);
                case FANOUT -> FanOut.expected(tasks);
                case ECHO -> throw new IllegalStateException("checked by echo()");
            };
            String line = String.format(Locale.ROOT, "%s sum=%d ms=%.1f", head(f, w), r[0], r[1] / 1e6);
            if (r[0] != expected) {
                out.println(line + " FAIL expected sum=" + expected);
                return false;
            }
            out.println(line + " ok");
            return true;
        } catch (TimeoutException e) {
            out.println(head(f, w) + " FAIL no answer within " + timeoutSeconds + " s (deadlock?)");
        } catch (ExecutionException e) {
            out.println(head(f, w) + " FAIL " + JmhJob.describe(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.println(head(f, w) + " FAIL interrupted");
        }
        return false;
    }

    /**
     * The echo check: the server opened, {@code requests} requests with random bodies on {@code
     * connections} connections at once, every echo compared, the server closed; within the timeout.
     */
    private boolean echo(RingFactory f) {
        CompletableFuture<Integer> result = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try (threadring.core.EchoServer server = f.openEcho()) {
                result.complete(threadring.core.EchoClient.run(server.port(), connections, requests, ECHO_MAX_BODY,
                        requests, (int) Math.min(Integer.MAX_VALUE, timeoutSeconds * 1000L)));
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "check " + f.id());
        runner.setDaemon(true);
        runner.start();
        try {
            int checked = result.get(timeoutSeconds, TimeUnit.SECONDS);
            if (checked != requests) {
                out.println(head(f, Workload.ECHO) + " FAIL " + checked + " requests checked");
                return false;
            }
            out.println(head(f, Workload.ECHO) + " ok");
            return true;
        } catch (TimeoutException e) {
            out.println(head(f, Workload.ECHO) + " FAIL no answer within " + timeoutSeconds + " s");
        } catch (ExecutionException e) {
            out.println(head(f, Workload.ECHO) + " FAIL " + JmhJob.describe(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.println(head(f, Workload.ECHO) + " FAIL interrupted");
        }
        return false;
    }

    /** The same check, run by the JDK given with --jdk. */
    private int onOtherJdk() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Processes.java(jdk.toString()), "-cp",
                System.getProperty("java.class.path"), Cli.class.getName(), "check"));
        cmd.addAll(arguments());
        Processes.Exit exit = Processes.stream(cmd, childTimeout(RingFactories.load().all().size()), out::println);
        if (exit.timedOut()) {
            out.println("FAIL the check on " + jdk + " did not end in time");
        }
        return exit.ok() ? 0 : 1;
    }

    private boolean inChildJvm(RingFactory f) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Processes.java(System.getProperty("java.home"))));
        cmd.addAll(Processes.quietUnsafe(Runtime.version().feature()));
        cmd.addAll(f.jvmArgs());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Cli.class.getName(), "check", "--child",
                "--include", "^" + Pattern.quote(f.id()) + "$"));
        cmd.addAll(shapeArguments());
        Processes.Exit exit = Processes.stream(cmd, childTimeout(1), out::println);
        if (exit.timedOut()) {
            out.println(head(f, workloads().get(0)) + " FAIL the child JVM (" + String.join(" ", f.jvmArgs()) + ") did not exit");
        }
        return exit.ok();
    }

    /** A pass's timeout per id, plus a minute for each JVM to start and stop. */
    private Duration childTimeout(int ids) {
        return Duration.ofSeconds((long) ids * (timeoutSeconds + 60));
    }

    /** This check's options, to pass on to a check on another JDK. */
    private List<String> arguments() {
        List<String> args = new ArrayList<>();
        includes.forEach(i -> args.addAll(List.of("--include", i)));
        args.addAll(shapeArguments());
        return args;
    }

    /** The shape and sizes, each workload's only when it is checked (a check refuses the others). */
    private List<String> shapeArguments() {
        List<String> args = new ArrayList<>(List.of("--nodes", String.valueOf(nodes), "--tokens",
                String.valueOf(tokens), "--depth", String.valueOf(depth), "--work", String.valueOf(work), "--hops",
                String.valueOf(hops), "--values", String.valueOf(values), "--timeout", String.valueOf(timeoutSeconds)));
        if (workloads().contains(Workload.FANOUT)) {
            args.addAll(List.of("--tasks", String.valueOf(tasks), "--delay-ms", String.valueOf(delayMs)));
        }
        if (workloads().contains(Workload.ECHO)) {
            args.addAll(List.of("--requests", String.valueOf(requests), "--connections", String.valueOf(connections)));
        }
        workloads.forEach(w -> args.addAll(List.of("--workload", w.label())));
        if (knownIssues) {
            args.add("--known-issues");
        }
        return args;
    }
}
