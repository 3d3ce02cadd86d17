package threadring.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;

/**
 * The kit's own machinery must catch what it promises to: a variant that needs a flag is checked
 * in a child JVM and fails there when wrong; a known upstream issue skips that workload's checks
 * with the reason; and for every workload, an implementation that answers nothing right fails
 * that workload's section.
 */
class ContractKitSelfTest {

    /** The kit itself, on the fake model: flagged variants run in a child JVM with their flag. */
    static final class FakeContract extends ContractKit {
        @Override
        protected String model() {
            return "fake";
        }
    }

    @Test
    void aVariantThatNeedsAFlagIsCheckedInAChildJvmStartedWithIt() {
        RingFactory good = RingFactories.load().require("fake/flagged");
        RingFactory wrong = RingFactories.load().require("fake/flagged-wrong");
        assertTrue(good.unsupportedReason().isPresent(), "this JVM must lack the flag");
        FakeContract kit = new FakeContract();
        for (ContractKit.Check c : RingContract.CHECKS) {
            kit.check(good, c);
        }
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> kit.check(wrong, RingContract.CHECKS.get(0)));
        assertTrue(e.getMessage().startsWith("fake/flagged-wrong in a JVM started with -Dthreadring.fake=on: "),
                e.getMessage());
    }

    /** A workload with a known upstream hang has every check of it skipped, with the reason. */
    @Test
    void aKnownIssueSkipsThatWorkloadsChecksAndSaysWhy() {
        RingFactory known = Variant.of("fake/known", "test double").fanOut(id -> new FanOutContractSelfTest.FakeFanOut(FanOutContractSelfTest.FakeFanOut.Mode.RIGHT))
                .knownIssue(Workload.FANOUT, "spins for ever upstream (example#1)").build();
        assertTrue(ContractKit.checks(known).stream().allMatch(c -> c.skip().apply(known)
                .equals(java.util.Optional.of("skipped, a known issue: spins for ever upstream (example#1)"))));
    }


    /** An implementation of {@code type} that does nothing: every number it returns is 0, it starts no thread. */
    static <T> T broken(Class<T> type) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            Class<?> r = method.getReturnType();
            if (method.getName().equals("toString")) {
                return "broken " + type.getSimpleName();
            }
            return r == long.class ? 0L : r == int.class ? 0 : r == boolean.class ? false
                    : java.util.Collection.class.isAssignableFrom(r) ? List.of() : null;
        }));
    }

    /** A factory that runs {@code w} and nothing else, with an implementation that answers nothing right. */
    static RingFactory brokenAt(Workload w) {
        Variant.Builder b = w == Workload.RING ? Variant.of("fake/broken", "test double", (id, shape) -> broken(Ring.class))
                : Variant.of("fake/broken", "test double");
        for (Workload.Opened<?> kind : List.of(Workload.Opened.RENDEZVOUS, Workload.Opened.FANOUT, Workload.Opened.ECHO)) {
            if (kind.workload() == w) {
                opens(b, kind);
            }
        }
        return b.build();
    }

    private static <T extends AutoCloseable> void opens(Variant.Builder b, Workload.Opened<T> kind) {
        b.opens(kind, id -> broken(kind.type()));
    }

    /**
     * Every workload's section, the kit's list of them kept whole by the compiler, fails an
     * implementation that answers nothing right: its first check (the answers) throws.
     */
    @TestFactory
    List<DynamicTest> everySectionFailsAnImplementationThatAnswersNothingRight() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Workload w : Workload.values()) {
            tests.add(DynamicTest.dynamicTest(w.label(), () -> {
                RingFactory f = brokenAt(w);
                List<ContractKit.Check> checks = ContractKit.checks(f);
                assertEquals(ContractKit.section(w), checks.stream().map(c -> ContractKit.section(w).stream()
                        .filter(x -> x.name().equals(c.name())).findFirst().orElseThrow()).toList(),
                        "a factory that runs the " + w.label() + " gets that section, and no other");
                assertThrows(Throwable.class, () -> checks.get(0).run(f), checks.get(0).name());
            }));
        }
        return tests;
    }
}
