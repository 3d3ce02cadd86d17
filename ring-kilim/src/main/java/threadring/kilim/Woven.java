package threadring.kilim;

/**
 * Refuses classes that Kilim's weaver has not rewritten. Unwoven, a Task's execute() prints a
 * banner and calls System.exit(0), which would end a JMH fork or a test JVM with success, and a
 * Continuation's run() returns at once as if it had finished: neither fails by itself.
 */
public final class Woven {

    private Woven() {}

    /** The field Kilim's weaver adds to every class it rewrites (kilim.Constants.WOVEN_FIELD). */
    static final String MARK = "$isWoven";

    public static void require(Class<?> pausable) {
        try {
            pausable.getDeclaredField(MARK);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(pausable.getName() + " is not woven by Kilim's weaver (no " + MARK
                    + " field): build ring-kilim with Maven, whose process-classes phase weaves it");
        }
    }
}
