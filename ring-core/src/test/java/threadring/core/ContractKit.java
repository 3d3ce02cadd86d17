package threadring.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import threadring.core.echo.EchoContract;
import threadring.core.echo.EchoServer;
import threadring.core.fairness.Fairness;
import threadring.core.fairness.FairnessContract;
import threadring.core.fanout.FanOut;
import threadring.core.fanout.FanOutContract;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.rendezvous.RendezvousContract;
import threadring.core.ring.Ring;
import threadring.core.ring.RingContract;
import threadring.core.skynet.Skynet;
import threadring.core.skynet.SkynetContract;
import threadring.core.workloads.Workloads;

/**
 * The contract kit every implementation must pass, run by each model module against each of its
 * factories (found with ServiceLoader): extend it and name the model. Each workload has a section
 * of its own ({@link RingContract}, {@link RendezvousContract}, {@link FanOutContract},
 * {@link EchoContract}); a factory gets the checks of every workload it runs. Every check runs
 * under a preemptive timeout, so a deadlocked implementation fails the build instead of hanging it.
 *
 * <p>A variant that needs JVM flags this JVM was not started with (a one-carrier scheduler,
 * Quasar's open java.lang) runs the same checks in a child JVM started with its own
 * {@link RingFactory#jvmArgs}; one that needs a newer JDK is skipped with the reason.
 * {@code -Dthreadring.include=REGEX} narrows a run to some ids.
 */
public abstract class ContractKit {

    /** Per check; generous because platform-thread rings run ~10 us per hop on a busy 2-core box. */
    public static final Duration TIMEOUT = Duration.ofSeconds(90);

    /**
     * One check of the kit: a name, a deadline (a deadlock fails instead of hanging), a body, and
     * why it does not apply to a factory (empty: it does).
     */
    public record Check(String name, Duration timeout, Consumer<RingFactory> body,
            Function<RingFactory, Optional<String>> skip) {
        public Check(String name, Duration timeout, Consumer<RingFactory> body) {
            this(name, timeout, body, f -> Optional.empty());
        }

        public void run(RingFactory f) {
            assertTimeoutPreemptively(timeout, () -> body.accept(f), () -> f.id() + ": " + name + " did not finish in "
                    + timeout.toSeconds() + " s" + (timeout.equals(RingContract.SCALE_TIMEOUT)
                            ? ": a step that grows faster than the ring (quadratic?)" : " (deadlock?)"));
        }
    }

    /**
     * Each workload's section of the kit: the one list a new workload's section is added to. A
     * registered workload without a section fails {@code ContractKitSelfTest}. A holder class, read
     * on first use: the sections' own constants (TIMEOUT) are this class's, initialised first.
     */
    private static final class Sections {
        static final Map<Workload<?, ?>, List<Check>> ALL = Map.of(
            Ring.WORKLOAD, RingContract.CHECKS,
            Rendezvous.WORKLOAD, RendezvousContract.CHECKS,
            FanOut.WORKLOAD, FanOutContract.CHECKS,
            EchoServer.WORKLOAD, EchoContract.CHECKS,
            Skynet.WORKLOAD, SkynetContract.CHECKS,
            Fairness.WORKLOAD, FairnessContract.CHECKS);
    }

    /** The checks of a workload's section. */
    public static List<Check> section(Workload<?, ?> w) {
        List<Check> checks = Sections.ALL.get(w);
        if (checks == null) {
            throw new IllegalStateException("the contract kit has no section for the " + w.label());
        }
        return checks;
    }

    /**
     * The checks of {@code f}: those of each workload it runs. A workload with a known upstream
     * hang ({@link RingFactory#knownIssue}) has its checks skipped, with the reason: they would
     * hang at random, and the same code runs its checks on the model's other schedulers.
     */
    public static List<Check> checks(RingFactory f) {
        return Workloads.ALL.stream().filter(f::runs).flatMap(w -> knowing(section(w), w).stream())
                .collect(Collectors.toList());
    }

    private static List<Check> knowing(List<Check> checks, Workload<?, ?> w) {
        return checks.stream().map(c -> new Check(c.name(), c.timeout(), c.body(), f -> f.knownIssue(w)
                .map(why -> "skipped, a known issue: " + why).or(() -> c.skip().apply(f)))).toList();
    }

    /** The name of every section's virtual-thread check; skipped for variants not declared on them. */
    public static final String ON_VIRTUAL_THREADS = "a variant declared on virtual threads ends its run on one";

    /** Why a virtual-thread check does not apply to {@code f}: it is not declared on virtual threads. */
    public static Optional<String> unlessOnVirtualThreads(RingFactory f) {
        return f.onVirtualThreads() ? Optional.empty() : Optional.of("skipped: not declared on virtual threads");
    }

    /**
     * {@code workload} (just run) ended its last part on a virtual thread: a {@code -loom} variant
     * that quietly falls back to its library's own scheduler fails here instead of measuring it.
     */
    public static void assertEndedOnVirtualThread(RingFactory f, Object workload) {
        assertTrue(workload instanceof AbstractWorkload, () -> f.id() + ": " + workload.getClass().getName()
                + " does not extend AbstractWorkload, so the kit cannot see where its run ended");
        Thread t = ((AbstractWorkload) workload).lastPartThread()
                .orElseThrow(() -> new AssertionError(f.id() + ": no part of the run ended"));
        assertTrue(Loom.isVirtual(t), () -> f.id() + ": declared on virtual threads, but its run ended on the platform "
                + "thread '" + t.getName() + "' (a fall-back to the library's own scheduler?)");
    }

    /** The model under test: factories whose id starts with {@code model() + "/"}. */
    protected abstract String model();

    /** Results of the checks run in a child JVM, by factory id (each child runs once). */
    private final Map<String, Properties> childResults = new ConcurrentHashMap<>();

    @TestFactory
    Stream<DynamicNode> contract() {
        List<RingFactory> factories = factories(model());
        return factories.stream().map(f -> DynamicContainer.dynamicContainer(f.id(),
                checks(f).stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(f, c)))));
    }

    static List<RingFactory> factories(String model) {
        Pattern include = Pattern.compile(System.getProperty("threadring.include", ""));
        List<RingFactory> found = RingFactories.load().all().stream()
                .filter(f -> f.id().startsWith(model + "/"))
                .filter(f -> include.matcher(f.id()).find())
                .collect(Collectors.toList());
        assertFalse(found.isEmpty(), "no RingFactory registered for model " + model
                + " (META-INF/services/threadring.core.RingProvider)");
        return found;
    }

    void check(RingFactory f, Check c) {
        Assumptions.assumeTrue(Runtime.version().feature() >= f.minimumJavaVersion(),
                () -> "skipped: " + f.unsupportedReason().orElse(""));
        Optional<String> skip = c.skip().apply(f);
        Assumptions.assumeTrue(skip.isEmpty(), () -> skip.orElse(""));
        if (f.unsupportedReason().isEmpty()) {
            c.run(f);
            return;
        }
        // This JVM lacks the variant's flags: the flags come from the factory, the only place they are written.
        Properties results = childResults.computeIfAbsent(f.id(), id -> ContractKitChild.run(f));
        String result = results.getProperty(c.name());
        if (result == null) {
            fail(f.id() + ": the child JVM (" + String.join(" ", f.jvmArgs()) + ") did not run '" + c.name() + "': "
                    + results.getProperty(ContractKitChild.OUTPUT, "no output"));
        }
        if (!result.equals(ContractKitChild.OK)) {
            fail(f.id() + " in a JVM started with " + String.join(" ", f.jvmArgs()) + ": " + result);
        }
    }

}
