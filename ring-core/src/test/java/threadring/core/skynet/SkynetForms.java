package threadring.core.skynet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;

/**
 * Runs the Skynet section of the kit ({@link SkynetContract}) on every form of a model, one
 * dynamic test per form, each under a preemptive timeout so that a deadlocked tree fails instead
 * of hanging the build. A form that needs a newer JDK is skipped with the reason; one that needs
 * JVM flags this JVM was not started with (a preview API, Quasar's open java.lang) runs the same
 * checks in a child JVM started with its own flags, as the ring kit's {@code ContractKitChild}
 * does: the flags come from the form, the only place they are written.
 *
 * <p>The child's entry point is {@link #main}: {@code SkynetForms <class with variants()> <id>
 * <tasks> <virtual> <fullTree>}; it prints {@link #OK} and exits 0 when every check passed.
 */
public final class SkynetForms {

    /** Per form: the small trees, the full one (10^6 leaves) where it fits, refusals and reuse. */
    public static final Duration TIMEOUT = Duration.ofSeconds(120);

    /** The child's last line when every check passed. */
    static final String OK = "SKYNET-CONTRACT-OK";

    private SkynetForms() {}

    /**
     * One test per form of {@code skynets.variants()} ({@code forms}, the same list): the whole
     * section, with the traits the form declares. {@code tasks} is false only for the floor.
     */
    public static Stream<DynamicTest> contract(Class<?> skynets, List<SkynetVariant> forms, boolean tasks) {
        return forms.stream().map(v -> DynamicTest.dynamicTest(v.id(), () -> check(skynets, v, tasks)));
    }

    /** The traits the kit checks a form by: {@code fullTree} unless its limit refuses 10^6 leaves here. */
    public static SkynetContract.Traits traits(SkynetVariant v, boolean tasks) {
        boolean fullTree = v.limit().apply(Skynet.tasks(Skynet.DEFAULT_BRANCHING, Skynet.DEFAULT_DEPTH)).isEmpty();
        return new SkynetContract.Traits(tasks, v.virtualThreads(), fullTree);
    }

    /**
     * A model's forms are well formed: ids {@code <model>/<form>}, lowercase and distinct, and
     * exactly one marked fastest.
     */
    public static void requireWellFormed(String model, List<SkynetVariant> forms) {
        assertFalse(forms.isEmpty(), model + ": no Skynet form");
        for (SkynetVariant v : forms) {
            assertTrue(v.id().matches(model + "/[a-z0-9-]+"), () -> v.id() + ": not a lowercase " + model + "/<form> id");
        }
        assertEquals(forms.size(), forms.stream().map(SkynetVariant::id).distinct().count(), model + ": repeated ids");
        assertEquals(1, forms.stream().filter(SkynetVariant::defaultSweep).count(),
                () -> model + ": exactly one form is the model's fastest: " + forms.stream()
                        .filter(SkynetVariant::defaultSweep).map(SkynetVariant::id).toList());
    }

    /** The section on one form, here or in a child JVM with its flags. */
    static void check(Class<?> skynets, SkynetVariant v, boolean tasks) {
        Assumptions.assumeTrue(Runtime.version().feature() >= v.minimumJava(),
                () -> "skipped: " + v.id() + " needs JDK " + v.minimumJava() + "+, this is " + Runtime.version());
        SkynetContract.Traits traits = traits(v, tasks);
        if (flagsInEffect(v)) {
            assertTimeoutPreemptively(TIMEOUT, () -> SkynetContract.all(v.id(), () -> v.opener().apply(v.id()), traits),
                    () -> v.id() + ": the Skynet section did not finish in " + TIMEOUT.toSeconds() + " s (deadlock?)");
        } else {
            inChildJvm(skynets, v, traits, List.of());
        }
    }

    /** The flags {@code v} declares, as a command line: {@code -Dkey=value} (sorted), then the others. */
    public static List<String> jvmArgs(SkynetVariant v) {
        List<String> args = new ArrayList<>();
        new TreeMap<>(v.systemProperties()).forEach((k, value) -> args.add("-D" + k + "=" + value));
        args.addAll(v.jvmArgs());
        return args;
    }

    /**
     * Whether this JVM has {@code v}'s system properties and was started with its other flags
     * (each as one argument; a flag given as two, like {@code --add-opens X}, is never seen as
     * given, which only costs a child JVM).
     */
    static boolean flagsInEffect(SkynetVariant v) {
        for (Map.Entry<String, String> p : v.systemProperties().entrySet()) {
            if (!p.getValue().equals(System.getProperty(p.getKey()))) {
                return false;
            }
        }
        return v.jvmArgs().isEmpty()
                || ManagementFactory.getRuntimeMXBean().getInputArguments().containsAll(v.jvmArgs());
    }

    /**
     * Runs the section on {@code v} in a child JVM started with its flags and {@code extraArgs};
     * fails with the child's output unless every check passed. Returns the output (for a model
     * whose library reports problems only there, such as Quasar's instrumentation check).
     */
    public static String inChildJvm(Class<?> skynets, SkynetVariant v, SkynetContract.Traits traits,
            List<String> extraArgs) {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow()));
        cmd.addAll(jvmArgs(v));
        cmd.addAll(extraArgs);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), SkynetForms.class.getName(), skynets.getName(),
                v.id(), String.valueOf(traits.tasks()), String.valueOf(traits.virtual()),
                String.valueOf(traits.fullTree())));
        try {
            Path log = Files.createTempFile("skynet-contract", ".log");
            try {
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                boolean ended = p.waitFor(TIMEOUT.toSeconds() + 30, TimeUnit.SECONDS);
                if (!ended) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor(10, TimeUnit.SECONDS);
                }
                String out = Files.readString(log, StandardCharsets.UTF_8);
                String flags = String.join(" ", cmd.subList(1, cmd.indexOf("-cp")));
                if (!ended) {
                    fail(v.id() + " in a JVM started with " + flags + ": did not finish in " + (TIMEOUT.toSeconds() + 30)
                            + " s (deadlock?):\n" + out);
                }
                if (p.exitValue() != 0 || !out.strip().endsWith(OK)) {
                    fail(v.id() + " in a JVM started with " + flags + ": exit status " + p.exitValue() + ":\n" + out);
                }
                return out;
            } finally {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            throw new IllegalStateException(v.id() + ": could not run a child JVM", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(v.id() + ": interrupted while its child JVM ran", e);
        }
    }

    /** The child JVM: runs the section on one form, prints {@link #OK} if it passed, exits 1 if not. */
    public static void main(String[] args) throws ReflectiveOperationException {
        @SuppressWarnings("unchecked")
        List<SkynetVariant> forms = (List<SkynetVariant>) Class.forName(args[0]).getMethod("variants").invoke(null);
        SkynetVariant v = forms.stream().filter(f -> f.id().equals(args[1])).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no form " + args[1] + " in " + args[0]));
        SkynetContract.Traits traits = new SkynetContract.Traits(Boolean.parseBoolean(args[2]),
                Boolean.parseBoolean(args[3]), Boolean.parseBoolean(args[4]));
        int status = 0;
        try {
            assertTimeoutPreemptively(TIMEOUT, () -> SkynetContract.all(v.id(), () -> v.opener().apply(v.id()), traits),
                    () -> v.id() + ": the Skynet section did not finish in " + TIMEOUT.toSeconds() + " s (deadlock?)");
            System.out.println(OK);
        } catch (Throwable e) {
            e.printStackTrace(System.out);
            status = 1;
        }
        System.out.flush();
        System.exit(status); // a leftover non-daemon thread must not keep this JVM alive
    }
}
