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
import threadring.core.fanout.FanOut;
import threadring.core.fanout.FanOutContractSelfTest;
import threadring.core.ring.RingContract;
import threadring.core.workloads.Workloads;

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
            if (c.skip().apply(good).isEmpty()) { // not the virtual-thread check: its skip would abort the test
                kit.check(good, c);
            }
        }
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> kit.check(wrong, RingContract.CHECKS.get(0)));
        assertTrue(e.getMessage().startsWith("fake/flagged-wrong in a JVM started with -Dthreadring.fake=on: "),
                e.getMessage());
    }

    /** A workload with a known upstream hang has every check of it skipped, with the reason. */
    @Test
    void aKnownIssueSkipsThatWorkloadsChecksAndSaysWhy() {
        RingFactory known = Variant.of("fake/known", "test double").opens(FanOut.WORKLOAD, id -> new FanOutContractSelfTest.FakeFanOut(FanOutContractSelfTest.FakeFanOut.Mode.RIGHT))
                .knownIssue(FanOut.WORKLOAD, "spins for ever upstream (example#1)").build();
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
    static <S extends Size, T extends AutoCloseable> RingFactory brokenAt(Workload<S, T> w) {
        return Variant.of("fake/broken", "test double").opens(w, (String id, S size) -> broken(w.type())).build();
    }

    /**
     * Every workload's section, the kit's list of them kept whole by the compiler, fails an
     * implementation that answers nothing right: its first check (the answers) throws.
     */
    @TestFactory
    List<DynamicTest> everySectionFailsAnImplementationThatAnswersNothingRight() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Workload<?, ?> w : Workloads.ALL) {
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
