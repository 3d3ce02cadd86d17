package threadring.virtual;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import threadring.core.skynet.AbstractSkynet;
import threadring.core.skynet.Skynet;

/**
 * {@code virtual/scope}: the tree in structured concurrency, as JDK 25 writes it (JEP 505, fifth
 * preview): a task opens a {@code StructuredTaskScope}, forks a subtask per child (each a new
 * virtual thread), joins the scope and adds up the subtasks' answers; closing the scope waits for
 * every thread it forked. Only the root's thread is tracked: its scopes have closed once it ends.
 *
 * <p>The API is reached through method handles, not compiled against: ring-virtual is built for
 * release 21, whose StructuredTaskScope is another API, and a class compiled with
 * {@code --release 25 --enable-preview} would break the build on any javac but 25's (javac takes
 * {@code --enable-preview} only for its own release) and would load on no JDK but 25. The form
 * still runs only where the JDK accepts the preview: it refuses to open unless the JVM was started
 * with {@code --enable-preview} (from JDK 25 on; before, the API differs and it says so). The
 * handles are constants, so the JIT binds them like direct calls.
 */
final class ScopeSkynet extends AbstractSkynet {

    /** The flag a preview API needs. */
    static final String ENABLE_PREVIEW = "--enable-preview";

    private Thread root;

    /** Whether this JVM was started with {@code --enable-preview} (reflection alone does not enforce it). */
    static boolean previewEnabled() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().contains(ENABLE_PREVIEW);
    }

    ScopeSkynet(String id) {
        super(id);
        if (Api.MISSING != null) {
            throw new IllegalStateException(id + ": " + Api.MISSING);
        }
        if (!previewEnabled()) {
            throw new IllegalStateException(id + ": StructuredTaskScope is a preview API on JDK "
                    + Runtime.version().feature() + ": it needs a JVM started with " + ENABLE_PREVIEW);
        }
    }

    @Override
    protected void start(int branching, int depth) {
        long leaves = Skynet.leaves(branching, depth);
        root = Thread.ofVirtual().unstarted(() -> {
            try {
                done(answer(0, leaves, branching));
            } catch (Throwable e) {
                fail(e);
            }
        });
        track(root);
        root.start();
    }

    /** Task (first, leaves) in its subtask's thread: its answer, once its scope has joined its children. */
    private long answer(long first, long leaves, int branching) throws Exception {
        taskStarted();
        long sum = 0;
        if (leaves == 1) {
            sum = first;
        } else {
            long each = leaves / branching;
            Supplier<?>[] children = new Supplier<?>[branching];
            try (AutoCloseable scope = Api.open()) {
                for (int i = 0; i < branching; i++) {
                    long childFirst = first + i * each;
                    children[i] = Api.fork(scope, () -> answer(childFirst, each, branching));
                }
                Api.join(scope);
                for (Supplier<?> child : children) {
                    sum += (Long) child.get();
                }
            }
        }
        taskEnded();
        return sum;
    }

    @Override
    protected void settle() throws InterruptedException {
        root.join(TimeUnit.SECONDS.toMillis(30)); // it answered: all that is left is to close its scope
        if (root.isAlive()) {
            throw new IllegalStateException(id() + ": the root's thread did not end 30 s after it answered");
        }
        forgetEnded();
    }

    @Override
    protected void stop() {
        // nothing shared: each scope forks its own virtual threads and closes with them
    }

    /**
     * JDK 25's {@code StructuredTaskScope.open()}, {@code fork(Callable)} and {@code join()}, typed
     * by what they are here: a scope is an AutoCloseable, a subtask a Supplier of its answer.
     */
    private static final class Api {
        private static final MethodHandle OPEN;
        private static final MethodHandle FORK;
        private static final MethodHandle JOIN;
        /** Why the API is not here, or null. */
        static final String MISSING;

        static {
            MethodHandle open = null;
            MethodHandle fork = null;
            MethodHandle join = null;
            String missing = null;
            try {
                Class<?> scope = Class.forName("java.util.concurrent.StructuredTaskScope");
                Class<?> subtask = Class.forName("java.util.concurrent.StructuredTaskScope$Subtask");
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                open = lookup.findStatic(scope, "open", MethodType.methodType(scope))
                        .asType(MethodType.methodType(AutoCloseable.class));
                fork = lookup.findVirtual(scope, "fork", MethodType.methodType(subtask, Callable.class))
                        .asType(MethodType.methodType(Supplier.class, AutoCloseable.class, Callable.class));
                join = lookup.findVirtual(scope, "join", MethodType.methodType(Object.class))
                        .asType(MethodType.methodType(Object.class, AutoCloseable.class));
            } catch (ReflectiveOperationException e) {
                missing = "this JDK (" + Runtime.version() + ") has no StructuredTaskScope.open(), fork(Callable) "
                        + "and join() as JDK 25 has them: " + e;
            }
            OPEN = open;
            FORK = fork;
            JOIN = join;
            MISSING = missing;
        }

        static AutoCloseable open() throws Exception {
            try {
                return (AutoCloseable) OPEN.invokeExact();
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        static Supplier<?> fork(AutoCloseable scope, Callable<?> task) throws Exception {
            try {
                return (Supplier<?>) FORK.invokeExact(scope, task);
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        static void join(AutoCloseable scope) throws Exception {
            try {
                Object unused = (Object) JOIN.invokeExact(scope);
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
