package threadring.core;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;

/**
 * What modules compiled for JDK 17 need to know of virtual threads: the one-carrier scheduler's
 * system properties and whether a thread is virtual (false on a JDK without them).
 */
public final class Loom {

    /** The system properties of every {@code -p1} variant on virtual threads: one carrier. */
    public static final Map<String, String> ONE_CARRIER = Map.of(
            "jdk.virtualThreadScheduler.parallelism", "1",
            "jdk.virtualThreadScheduler.maxPoolSize", "1",
            "jdk.virtualThreadScheduler.minRunnable", "1");

    private static final MethodHandle IS_VIRTUAL = isVirtual();

    private Loom() {}

    private static MethodHandle isVirtual() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual",
                    MethodType.methodType(boolean.class));
        } catch (ReflectiveOperationException e) {
            return null; // JDK 17-20: no virtual threads
        }
    }

    /** Whether {@code thread} is a virtual thread ({@code Thread.isVirtual()} on JDK 21+). */
    public static boolean isVirtual(Thread thread) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(thread);
        } catch (Throwable e) {
            throw new IllegalStateException("Thread.isVirtual failed", e);
        }
    }
}
