package threadring.bench.check;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import threadring.bench.util.Counter;
import threadring.bench.util.Processes;
import threadring.core.RingFactory;
import threadring.core.Soak;
import threadring.core.Workload;
import threadring.core.workloads.Workloads;

/**
 * {@code check --soak}: randomly drawn rings, rendezvous sizes and fan-outs for every selected id,
 * each id an equal share of the time, in this JVM or (for ids that need JVM flags) in a child JVM
 * started with them; one line per failure and one per id.
 */
final class Soaker {

    /** The soak's minimum share of one id: at least a few draws each. */
    static final int MIN_SECONDS = 1;

    private final long seed;
    private final Integer minutes;
    private final Integer seconds;
    private final boolean child;
    private final int passTimeout;
    private final PrintStream out;

    /** {@code seconds}: one id's share, in a child JVM; else {@code minutes} shared out over the ids. */
    Soaker(long seed, Integer minutes, Integer seconds, boolean child, int passTimeout, PrintStream out) {
        this.seed = seed;
        this.minutes = minutes;
        this.seconds = seconds;
        this.child = child;
        this.passTimeout = passTimeout;
        this.out = out;
    }

    int run(List<RingFactory> all) throws Exception {
        long s = seed;
        // the soak draws every workload that has draws; a server only is checked, not soaked
        List<RingFactory> selected = all.stream().filter(f -> Soak.draws(f, Workloads.ALL)).toList();
        List<String> echoOnly = all.stream().filter(f -> !selected.contains(f)).map(RingFactory::id).toList();
        List<RingFactory> runnable = selected.stream()
                .filter(f -> Runtime.version().feature() >= f.minimumJavaVersion()).toList();
        int share = seconds != null ? seconds
                : (int) Math.max(MIN_SECONDS, minutes * 60L / Math.max(1, runnable.size()));
        // each id's share starts after its sizing (three passes of a tenth of the share): the soak as a whole takes a little longer
        if (!child) {
            out.println("soak: seed=" + s + " (replay with --seed " + s + "), " + runnable.size() + " ids, about "
                    + share + " s each (sizes of about " + Soak.target(Duration.ofSeconds(share)).toMillis()
                    + " ms), " + passTimeout + " s per pass before it counts as hung");
        }
        int failed = 0;
        Counter progress = child ? null : new Counter(System.err, selected.size());
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
                List<String> cmd = ChildJvm.of(f);
                cmd.addAll(List.of("--child", "--include", "^" + Pattern.quote(f.id()) + "$", "--soak-seconds",
                        String.valueOf(share), "--seed", String.valueOf(s), "--timeout", String.valueOf(passTimeout)));
                Processes.Exit exit = Processes.stream(cmd, Duration.ofSeconds(share + 2L * passTimeout + 120),
                        out::println);
                if (exit.timedOut()) {
                    out.println(f.id() + " soak seed=" + s + " FAIL the child JVM (" + String.join(" ", f.jvmArgs())
                            + ") did not exit");
                }
                failed += exit.ok() ? 0 : 1;
                continue;
            }
            for (Workload<?, ?> w : Workloads.ALL) {
                f.knownIssue(w).ifPresent(why -> out.println(f.id() + " soak: no " + w.label()
                        + " draws, a known issue: " + why));
            }
            long[] count = new long[1];
            List<Soak.Outcome> failures;
            try {
                Soak.Scale scale = Soak.scale(f, Workloads.ALL, Soak.target(Duration.ofSeconds(share)), Duration.ofSeconds(passTimeout));
                failures = Soak.run(f, s, Duration.ofSeconds(share), Duration.ofSeconds(passTimeout), scale,
                        o -> count[0]++);
            } catch (RuntimeException e) {
                out.println(f.id() + " soak seed=" + s + " FAIL " + e.getMessage());
                failed++;
                continue;
            }
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
}
