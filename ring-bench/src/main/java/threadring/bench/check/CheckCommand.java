package threadring.bench.check;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import threadring.bench.util.Commands;
import threadring.bench.util.Converters;
import threadring.bench.util.Counter;
import threadring.bench.util.HelpOption;
import threadring.bench.util.Processes;
import threadring.bench.util.UsageException;
import threadring.core.FanOut;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Rings;
import threadring.core.Workload;

/**
 * {@code benchmark.sh check}: one verified run of every implementation outside JMH, one line
 * each ({@code <id> nodes=N [tokens=T depth=D work=W] hops=H sum=S ms=T ok}, or {@code FAIL <why>};
 * for one token the sum is the Benchmarks Game's last node), and with {@code --workload} the
 * rendezvous, the fan-out or the echo server of every id that has one ({@link Checker}), or with
 * {@code --soak} random draws ({@link Soaker}). Variants that need JVM flags (a one-carrier
 * scheduler, Quasar's open java.lang) run in a child JVM started with them: this class's
 * {@link #main}.
 */
@Command(name = "check", sortOptions = false, usageHelpAutoWidth = true,
        description = "One verified pass per implementation, outside JMH (exit status 1 if any fails).")
public final class CheckCommand implements Callable<Integer> {

    @Mixin
    HelpOption help;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec command;

    static final int DEFAULT_HOPS = 1_000_000;
    static final int DEFAULT_VALUES = 1_000_000;

    @Option(names = "--include", paramLabel = "REGEX", converter = Converters.Regex.class,
            description = "Only ids matching REGEX (repeatable).")
    List<String> includes = new ArrayList<>();

    @Option(names = "--nodes", paramLabel = "N", converter = Converters.Nodes.class,
            description = "Ring size (default 503).")
    int nodes = Rings.DEFAULT_NODES;

    @Option(names = "--tokens", paramLabel = "T", converter = Converters.Positive.class,
            description = "Tokens in flight, 1 <= T < N (default 1).")
    int tokens = 1;

    @Option(names = "--depth", paramLabel = "D", converter = Converters.NonNegative.class,
            description = "Frames each node waits below its loop (default 0).")
    int depth;

    @Option(names = "--work", paramLabel = "W", converter = Converters.NonNegative.class,
            description = "Blackhole.consumeCPU units per hop, or per fan-out task (default 0).")
    int work;

    @Option(names = "--hops", paramLabel = "H", converter = Converters.NonNegative.class,
            description = "Hops of the pass (default 1000000).")
    int hops = DEFAULT_HOPS;

    @Option(names = "--workload", paramLabel = "NAME", converter = Converters.WorkloadName.class,
            description = "ring, rendezvous, fanout or echo; repeatable (default: ring).")
    List<Workload> workloads = new ArrayList<>();

    @Option(names = "--values", paramLabel = "M", converter = Converters.NonNegative.class,
            description = "Values of the rendezvous exchange (default 1000000).")
    int values = DEFAULT_VALUES;

    @Option(names = "--tasks", paramLabel = "T", converter = Converters.NonNegative.class,
            description = "Tasks of the fan-out operation (default 100000).")
    int tasks = FanOut.DEFAULT_TASKS;

    @Option(names = "--delay-ms", paramLabel = "D", converter = Converters.DelayMs.class,
            description = "Each fan-out task's wait in milliseconds (default 100); --work is its work.")
    int delayMs = FanOut.DEFAULT_DELAY_MS;

    @Option(names = "--requests", paramLabel = "R", converter = Converters.Positive.class,
            description = "Echo server: requests to send, spread over --connections (default 1000).")
    int requests = 1000;

    @Option(names = "--connections", paramLabel = "C", converter = Converters.Positive.class,
            description = "Echo server: connections open at once (default 10).")
    int connections = 10;

    @Option(names = "--known-issues", description = "Also check the workloads of ids with a known upstream hang "
            + "(list shows them); by default each gets a SKIP line naming it.")
    boolean knownIssues;

    int timeoutSeconds = 600;
    /** Whether --timeout was given (the soak has a default of its own). */
    boolean timeoutSet;

    @Option(names = "--timeout", paramLabel = "S", converter = Converters.Positive.class,
            description = "Seconds before a pass counts as deadlocked (default 600; soak: "
                    + CheckCommand.SOAK_PASS_TIMEOUT_SECONDS + ").")
    void timeout(int seconds) {
        timeoutSeconds = seconds;
        timeoutSet = true;
    }

    @Option(names = "--jdk", paramLabel = "JDK", converter = Converters.JdkHome.class,
            description = "A release (17, 21, 25) or a JDK home to check on (default: the one running this).")
    Path jdk;

    @Option(names = "--soak", paramLabel = "MINUTES", converter = Converters.Positive.class,
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

    /** Timeout of one soak pass unless --timeout is given: a drawn pass takes up to about ten seconds here. */
    static final int SOAK_PASS_TIMEOUT_SECONDS = 120;

    private final PrintStream out = System.out;

    /** A child JVM's check, started with its variant's flags or on another JDK. */
    public static void main(String[] args) {
        System.exit(Commands.execute(new CheckCommand(), System.getProperty("threadring.prog", "benchmark.sh"),
                List.of(args), System.out, System.err));
    }

    @Override
    public Integer call() throws Exception {
        Checker checker = new Checker(new Checker.Sizes(Converters.shape(nodes, tokens, depth, work), hops, values,
                tasks, delayMs, work, requests, connections), timeoutSeconds, out);
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
            long s = seed != null ? seed : new java.security.SecureRandom().nextLong();
            return new Soaker(s, soakMinutes, soakSeconds, child,
                    timeoutSet ? timeoutSeconds : SOAK_PASS_TIMEOUT_SECONDS, out).run(selected);
        }
        int failed = 0;
        // ids that run none of the workloads asked for are not checked, and said so once at the end
        List<String> runNone = selected.stream().filter(f -> workloads().stream().noneMatch(f::runs))
                .map(RingFactory::id).toList();
        List<RingFactory> checked = selected.stream().filter(f -> !runNone.contains(f.id())).toList();
        Counter progress = child ? null : new Counter(System.err, checked.size());
        for (RingFactory f : checked) {
            if (progress != null) {
                progress.next("checking " + f.id());
            }
            Optional<String> unsupported = f.unsupportedReason();
            if (unsupported.isEmpty()) {
                for (Workload w : workloads()) {
                    if (f.runs(w) && f.knownIssue(w).isPresent() && !knownIssues) {
                        out.println(checker.head(f, w) + " SKIP known issue: " + f.knownIssue(w).get()
                                + " (--known-issues checks it anyway)");
                    } else if (f.runs(w)) {
                        failed += checker.once(f, w) ? 0 : 1;
                    } else if (child || workloads().size() > 1) {
                        out.println(checker.head(f, w) + " SKIP has no " + w.label());
                    }
                }
            } else if (Runtime.version().feature() < f.minimumJavaVersion()) {
                out.println(checker.head(f, workloads().get(0)) + " SKIP " + unsupported.get());
            } else if (child) {
                out.println(checker.head(f, workloads().get(0)) + " FAIL " + unsupported.get());
                failed++;
            } else {
                failed += inChildJvm(f, checker) ? 0 : 1;
            }
        }
        if (!child && !runNone.isEmpty()) {
            out.println("not checked: " + runNone.size() + " id(s) that run no "
                    + workloads().stream().map(Workload::label).collect(Collectors.joining(" or "))
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

    private List<Workload> workloads() {
        return workloads.isEmpty() ? List.of(Workload.RING) : workloads.stream().distinct().toList();
    }

    /** A check JVM like this one, started with {@code f}'s flags; the caller adds the arguments. */
    static List<String> childJvm(RingFactory f) {
        List<String> cmd = new ArrayList<>(List.of(Processes.java(System.getProperty("java.home"))));
        cmd.addAll(Processes.quietUnsafe(Runtime.version().feature()));
        cmd.addAll(f.jvmArgs());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), CheckCommand.class.getName()));
        return cmd;
    }

    /** The same check, run by the JDK given with --jdk. */
    private int onOtherJdk() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Processes.java(jdk.toString()), "-cp",
                System.getProperty("java.class.path"), CheckCommand.class.getName()));
        includes.forEach(i -> cmd.addAll(List.of("--include", i)));
        cmd.addAll(shapeArguments());
        Processes.Exit exit = Processes.stream(cmd, childTimeout(RingFactories.load().all().size()), out::println);
        if (exit.timedOut()) {
            out.println("FAIL the check on " + jdk + " did not end in time");
        }
        return exit.ok() ? 0 : 1;
    }

    private boolean inChildJvm(RingFactory f, Checker checker) throws Exception {
        List<String> cmd = childJvm(f);
        cmd.addAll(List.of("--child", "--include", "^" + Pattern.quote(f.id()) + "$"));
        cmd.addAll(shapeArguments());
        Processes.Exit exit = Processes.stream(cmd, childTimeout(1), out::println);
        if (exit.timedOut()) {
            out.println(checker.head(f, workloads().get(0)) + " FAIL the child JVM (" + String.join(" ", f.jvmArgs())
                    + ") did not exit");
        }
        return exit.ok();
    }

    /** A pass's timeout per id, plus a minute for each JVM to start and stop. */
    private Duration childTimeout(int ids) {
        return Duration.ofSeconds((long) ids * (timeoutSeconds + 60));
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
