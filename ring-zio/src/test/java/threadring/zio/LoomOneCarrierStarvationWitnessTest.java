package threadring.zio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import threadring.core.Loom;

/**
 * The upstream-bug witness behind {@link PromiseInbox}'s waiting offer (issue #45 item 8; evidence and
 * steps in docs/implementations.md, "ZIO on Loom: why the promise inbox does not poll"). It PASSES
 * while the bug is there: on one carrier each reproducer must NOT finish within {@link #SECONDS}.
 * The ring polled this way until 2026-11-28, when the same starvation hung {@code zio/promise-loom} on
 * the default scheduler's two carriers in CI; its offer now waits instead, and the contract kit runs
 * every ZIO Loom variant's checks. Once this witness fails, a JDK or ZIO release has fixed the
 * starvation, and the witness can go.
 *
 * <p>Each run is a child JVM (the scheduler's flags apply from JVM start), one after the other, about
 * 15 s in all: the starved ones end themselves after {@link #SECONDS}. The starvation does not come
 * every time on a busy machine (beside a sweep, {@code loom/yield} once finished within the 3 s), so a
 * witness tries up to {@link #TRIES} times: the bug is there while any try starves, and gone when
 * none does.
 */
class LoomOneCarrierStarvationWitnessTest {

    /** Long enough: the starvation is permanent (tens of seconds seen), and a control ends in ms. */
    static final int SECONDS = 3;
    /** Tries of a reproducer before it counts as fixed. */
    static final int TRIES = 3;

    @BeforeEach
    void onVirtualThreads() {
        Assumptions.assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21");
    }

    /** What zio/promise-loom-p1 does with several tokens: a fiber polls with ZIO.yieldNow. */
    @Test
    void aZioFiberPollingWithYieldNowStarvesTheFiberItWaitsFor() throws Exception {
        assertStarves("loom/yield", () -> run(oneCarrier(), zio("loom", "yield")));
    }

    /** No yieldNow: ZIO's own cooperative yielding gives the carrier away no better. */
    @Test
    void zioCooperativeYieldingDoesNotHelp() throws Exception {
        assertStarves("loom/auto", () -> run(oneCarrier(), zio("loom", "auto")));
    }

    /** Without ZIO: a virtual thread polling with Thread.yield() starves one started from main. */
    @Test
    void aVirtualThreadPollingWithThreadYieldStarvesOneStartedFromMain() throws Exception {
        Path program = Path.of(getClass().getResource("JdkYieldStarvation.java").toURI());
        assertStarves("jdk/yield", () -> run(oneCarrier(), List.of(program.toString(), String.valueOf(SECONDS))));
    }

    /** The control: the same program on one platform thread finishes, so the witnesses see the scheduler. */
    @Test
    void theSameProgramOnOnePlatformThreadFinishes() throws Exception {
        Result r = run(List.of(), zio("thread", "yield"));
        assertEquals(0, r.exit(), () -> "the control did not finish: " + r.output());
        assertTrue(r.output().contains("thread/yield: finished"), r::output);
    }

    private record Result(int exit, String output) {}

    private static List<String> oneCarrier() {
        return Loom.ONE_CARRIER.entrySet().stream().map(e -> "-D" + e.getKey() + "=" + e.getValue()).sorted().toList();
    }

    private static List<String> zio(String executor, String polling) {
        return List.of("-cp", System.getProperty("java.class.path"), LoomOneCarrierStarvation.class.getName(),
                executor, polling, String.valueOf(SECONDS));
    }

    /** One try of a reproducer: a child JVM's verdict. */
    @FunctionalInterface
    private interface Try {
        Result run() throws IOException, InterruptedException;
    }

    private static void assertStarves(String what, Try reproducer) throws IOException, InterruptedException {
        List<String> finished = new ArrayList<>();
        for (int i = 0; i < TRIES; i++) {
            Result r = reproducer.run();
            if (r.exit() == 2) {
                assertTrue(r.output().contains(what + ": not finished in " + SECONDS + " s"), r::output);
                return;
            }
            assertEquals(0, r.exit(), () -> what + ": the child JVM failed: " + r.output());
            finished.add(r.output());
        }
        fail(what + " finished on one carrier in each of " + TRIES + " tries (fixed upstream? see the class comment): "
                + String.join(" | ", finished));
    }

    private static Result run(List<String> flags, List<String> program) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow()));
        cmd.addAll(flags);
        cmd.addAll(program);
        Path log = Files.createTempFile("loom-starvation", ".log");
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            // the child ends itself after SECONDS; this bound is for a child that cannot even do that
            if (!p.waitFor(SECONDS + 30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("the child JVM did not exit: " + String.join(" ", cmd));
            }
            return new Result(p.exitValue(), Files.readString(log).strip());
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
