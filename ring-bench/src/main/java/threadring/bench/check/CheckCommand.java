package threadring.bench.check;

import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import threadring.bench.options.Context;
import threadring.bench.options.IncludeOption;
import threadring.bench.options.SizeOptions;
import threadring.bench.units.Units;
import threadring.bench.util.Commands;
import threadring.bench.util.Converters;
import threadring.bench.util.Counter;
import threadring.bench.util.HelpOption;
import threadring.bench.util.Processes;
import threadring.bench.util.UsageException;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Size;
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
public final class CheckCommand implements Callable<Integer>, SizeOptions.Holder {

    @Mixin
    HelpOption help;


    @Mixin
    IncludeOption include;

    @Mixin
    SizeOptions sizes;

    @Override
    public SizeOptions sizes() {
        return sizes;
    }



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
        System.exit(Units.withOptions(Commands.line(new CheckCommand(),
                System.getProperty("threadring.prog", "benchmark.sh"), System.out, System.err)).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (jdk != null && !jdk.toRealPath().equals(Path.of(System.getProperty("java.home")).toRealPath())) {
            return onOtherJdk();
        }
        RingFactories all = RingFactories.load();
        List<RingFactory> selected = all.all().stream().filter(include::matches).toList();
        if (!child) {
            if (!all.unloadable().isEmpty()) {
                out.println("note: " + all.unloadable().size() + " implementation(s) cannot load on JDK "
                        + Runtime.version().feature() + " and are not checked, e.g. " + all.unloadable().get(0));
            }
            if (selected.isEmpty()) {
                throw new UsageException("--include " + include.includes() + " matches no implementation id (see "
                        + "'list')");
            }
        }
        if (soakMinutes != null || soakSeconds != null) {
            List<String> given = new ArrayList<>(sizes.given());
            if (!given.isEmpty()) {
                throw new UsageException("--soak draws its own shapes and sizes: " + given.get(0) + " cannot be given "
                        + "with it");
            }
            long s = seed != null ? seed : new SecureRandom().nextLong();
            return new Soaker(s, soakMinutes, soakSeconds, child,
                    timeoutSet ? timeoutSeconds : SOAK_PASS_TIMEOUT_SECONDS, out).run(selected);
        }
        SizeOptions.Sizes asked = sizes.resolve(Context.check(System.getenv()));
        Checker checker = new Checker(timeoutSeconds, out);
        int failed = 0;
        // ids that run none of the workloads asked for are not checked, and said so once at the end
        List<String> runNone = selected.stream().filter(f -> asked.workloads().stream().noneMatch(f::runs))
                .map(RingFactory::id).toList();
        List<RingFactory> checked = selected.stream().filter(f -> !runNone.contains(f.id())).toList();
        Counter progress = child ? null : new Counter(System.err, checked.size());
        for (RingFactory f : checked) {
            if (progress != null) {
                progress.next("checking " + f.id());
            }
            Optional<String> unsupported = f.unsupportedReason();
            Size first = asked.series().get(0);
            if (unsupported.isEmpty()) {
                for (Size size : asked.series()) {
                    Workload w = size.workload();
                    if (f.runs(w) && f.knownIssue(w).isPresent() && !knownIssues) {
                        out.println(Checker.head(f, size, steps(asked, size)) + " SKIP known issue: "
                                + f.knownIssue(w).get() + " (--known-issues checks it anyway)");
                    } else if (f.runs(w)) {
                        failed += checker.once(f, size, steps(asked, size)) ? 0 : 1;
                    } else if (child || asked.workloads().size() > 1) {
                        out.println(Checker.head(f, size, steps(asked, size)) + " SKIP has no " + w.label());
                    }
                }
            } else if (Runtime.version().feature() < f.minimumJavaVersion()) {
                out.println(Checker.head(f, first, steps(asked, first)) + " SKIP " + unsupported.get());
            } else if (child) {
                out.println(Checker.head(f, first, steps(asked, first)) + " FAIL " + unsupported.get());
                failed++;
            } else {
                failed += inChildJvm(f, Checker.head(f, first, steps(asked, first))) ? 0 : 1;
            }
        }
        if (!child && !runNone.isEmpty()) {
            out.println("not checked: " + runNone.size() + " id(s) that run no "
                    + asked.workloads().stream().map(Workload::label).collect(Collectors.joining(" or "))
                    + " (" + String.join(", ", runNone) + ")");
        }
        return failed == 0 ? 0 : 1;
    }

    /** The steps of a check of {@code size}: what its workload's options say (hops, values, requests), else one operation. */
    private static int steps(SizeOptions.Sizes asked, Size size) {
        return asked.steps().getOrDefault(size.workload(), 1);
    }


    /** The same check, run by the JDK given with --jdk. */
    private int onOtherJdk() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Processes.java(jdk.toString()), "-cp",
                System.getProperty("java.class.path"), CheckCommand.class.getName()));
        cmd.addAll(include.arguments());
        cmd.addAll(arguments());
        Processes.Exit exit = Processes.stream(cmd, childTimeout(RingFactories.load().all().size()), out::println);
        if (exit.timedOut()) {
            out.println("FAIL the check on " + jdk + " did not end in time");
        }
        return exit.ok() ? 0 : 1;
    }

    private boolean inChildJvm(RingFactory f, String head) throws Exception {
        List<String> cmd = ChildJvm.of(f);
        cmd.addAll(List.of("--child", "--include", "^" + Pattern.quote(f.id()) + "$"));
        cmd.addAll(arguments());
        Processes.Exit exit = Processes.stream(cmd, childTimeout(1), out::println);
        if (exit.timedOut()) {
            out.println(head + " FAIL the child JVM (" + String.join(" ", f.jvmArgs()) + ") did not exit");
        }
        return exit.ok();
    }

    /** A pass's timeout per id, plus a minute for each JVM to start and stop. */
    private Duration childTimeout(int ids) {
        return Duration.ofSeconds((long) ids * (timeoutSeconds + 60));
    }

    /** This check's options for a child JVM: the sizes given (the child has the same defaults) and the timeout. */
    private List<String> arguments() {
        List<String> args = new ArrayList<>(sizes.arguments());
        args.addAll(List.of("--timeout", String.valueOf(timeoutSeconds)));
        if (knownIssues) {
            args.add("--known-issues");
        }
        return args;
    }
}
