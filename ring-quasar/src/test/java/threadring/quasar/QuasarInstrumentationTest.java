package threadring.quasar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.paralleluniverse.fibers.Instrumented;
import co.paralleluniverse.fibers.SuspendExecution;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import threadring.core.echo.EchoServer;
import threadring.core.fanout.FanOut;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;

/**
 * Fails if any suspendable method of ring-quasar runs uninstrumented, e.g. after a build with
 * {@code -Dquasar.instrument.skip=true} or if the build-time instrumentation silently does
 * nothing. Without instrumentation a fiber ring can still give the right answer (a fiber
 * restarts its run() from the top), so the answer alone proves nothing. The same holds for the
 * rendezvous parties, the fan-out's tasks and the echo server's fibers, which are checked alongside
 * (the Skynets' task fibers run under the same check in {@link QuasarSkynetTest}).
 */
class QuasarInstrumentationTest {

    /**
     * The classes whose suspendable methods are the fibers' loops and handoffs, rings' and
     * rendezvous'. Each must declare {@code throws SuspendExecution} (an {@code @Suspendable} that
     * the static check below cannot see would not do) and be instrumented.
     */
    private static final List<Class<?>> SUSPENDING = List.of(FiberRing.Node.class, ChannelRing.Node.class,
            ActorRing.Node.class, ParkCell.class, FiberRendezvous.Sender.class, FiberRendezvous.Receiver.class,
            ChannelRendezvous.Sender.class, ChannelRendezvous.Receiver.class, ActorRendezvous.Sender.class,
            ActorRendezvous.Receiver.class, SleepFanOut.Task.class, FiberEchoServer.Acceptor.class,
            FiberEchoServer.Connection.class, FiberJoinSkynet.Task.class, ChannelSkynet.Task.class);

    /**
     * Every ring runs a few passes, every rendezvous a few exchanges and every echo server a few
     * hundred requests, in a fresh JVM with Quasar's own run-time check on
     * ({@code verifyInstrumentation}): it throws or warns on every uninstrumented frame.
     */
    @Test
    void everyRingPassesQuasarsVerifyInstrumentation() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(QuasarRings.JVM_ARGS);
        command.addAll(List.of("-Dco.paralleluniverse.fibers.verifyInstrumentation=true",
                "-cp", System.getProperty("java.class.path"),
                QuasarRun.class.getName(), "^quasar/", "11", "200", "2", "3", "4"));
        Path log = Files.createTempFile("quasar-verify", ".log");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("verifyInstrumentation run did not end in 120 s:\n" + read(log));
            }
            String out = read(log);
            List<String> complaints = complaints(out);
            assertTrue(complaints.isEmpty(), () -> "Quasar reports uninstrumented code:\n" + out);
            assertFalse(out.lines().anyMatch(l -> l.contains("Exception") && !l.trim().startsWith("at ")),
                    () -> "a ring failed:\n" + out);
            assertEquals(0, p.exitValue(), () -> "exit status " + p.exitValue() + ":\n" + out);
            long ran = RingsOfModel.count(Ring.WORKLOAD);
            long rendezvous = RingsOfModel.count(Rendezvous.WORKLOAD);
            long fanOuts = RingsOfModel.count(FanOut.WORKLOAD);
            long echoes = RingsOfModel.count(EchoServer.WORKLOAD);
            assertEquals(ran, rendezvous, "every quasar ring id runs the rendezvous");
            assertTrue(fanOuts > 0, "quasar has fan-out ids");
            assertTrue(echoes > 0, "quasar has echo-server ids");
            assertTrue(out.contains("OK " + ran + " ring(s), " + rendezvous + " rendezvous, " + fanOuts + " fan-out(s), "
                    + echoes + " echo server(s)"), () -> "expected " + ran + " rings, " + rendezvous + " rendezvous, "
                            + fanOuts + " fan-outs and " + echoes + " echo servers to run:\n" + out);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /**
     * Quasar's complaints in a verifyInstrumentation run's output: messages about instrumentation,
     * or stack frames it marks '**' (uninstrumented method) or '!!' (uninstrumented call). Other
     * stack frames are not: its watchdog prints the stack of a fiber that ran long ("hogging the
     * CPU"), which on a slow machine may be inside Quasar's own instrumentation check.
     */
    static List<String> complaints(String out) {
        return out.lines()
                .filter(l -> l.trim().startsWith("at ") ? l.contains("**") || l.contains("!!")
                        : l.toLowerCase(Locale.ROOT).contains("instrument"))
                .filter(l -> !l.contains("Java Agent isn't running")) // expected: no agent
                .collect(Collectors.toList());
    }

    /** Static twin of the check above: every method declared to suspend carries @Instrumented. */
    @Test
    void everySuspendableMethodIsMarkedInstrumented() throws Exception {
        Path classes = Path.of(QuasarRings.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> suspendable = new ArrayList<>();
        Set<Class<?>> suspending = new HashSet<>();
        List<String> missing = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(classes)) {
            for (Path f : walk.filter(p -> p.toString().endsWith(".class")).collect(Collectors.toList())) {
                String name = classes.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> c = Class.forName(name, false, getClass().getClassLoader());
                for (Method m : c.getDeclaredMethods()) {
                    if (Arrays.asList(m.getExceptionTypes()).contains(SuspendExecution.class)) {
                        suspendable.add(m.toString());
                        suspending.add(c);
                        if (!m.isAnnotationPresent(Instrumented.class)) {
                            missing.add(m.toString());
                        }
                    }
                }
            }
        }
        List<Class<?>> absent = SUSPENDING.stream().filter(c -> !suspending.contains(c)).collect(Collectors.toList());
        assertTrue(absent.isEmpty(), "expected a method declaring SuspendExecution in each of " + absent + ": "
                + suspendable);
        assertTrue(missing.isEmpty(), "suspendable but not instrumented: " + missing);
    }

    private static String read(Path log) throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    private static final class RingsOfModel {
        static long count(threadring.core.Workload w) {
            return threadring.core.RingFactories.load().matching("^quasar/").stream().filter(f -> f.runs(w)).count();
        }
    }
}
