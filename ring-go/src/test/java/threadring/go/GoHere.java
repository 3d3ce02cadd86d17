package threadring.go;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * Whether the Go rows' tests can run here: without a Go toolchain they are skipped, saying why (the
 * rows are optional references, as a missing wrk or chromium is), unless the build asks for Go with
 * {@code -Dthreadring.requireGo=true} (CI does): then a missing toolchain fails them.
 */
final class GoHere {

    /** The system property that turns a skip into a failure. */
    static final String REQUIRE = "threadring.requireGo";

    private static boolean said;

    private GoHere() {}

    /** Skips the calling tests where the Go program cannot run here, or fails them where Go is required. */
    static void orSkip() {
        GoProgram.whyNot().ifPresent(why -> {
            if (Boolean.getBoolean(REQUIRE)) {
                fail("the Go rows cannot run here and -D" + REQUIRE + "=true requires them: " + why);
            }
            String skipped = "skipped: the Go rows cannot run here (" + why + "); install a Go toolchain "
                    + "(apt-get install -y golang-go), or run with -D" + REQUIRE + "=true to make this a failure";
            if (!said) { // once on the console: the count of skipped tests follows
                said = true;
                System.err.println("ring-go: " + skipped);
            }
            Assumptions.abort(skipped);
        });
    }
}
