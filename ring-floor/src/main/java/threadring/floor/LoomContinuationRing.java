package threadring.floor;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import threadring.core.ring.Hop;
import threadring.core.ring.RingSize;
import threadring.core.ring.SteppedRing;

/**
 * {@code floor/loom-continuation}: a {@code jdk.internal.vm.Continuation} per node (what every
 * virtual thread runs on), resumed in turn by one platform thread: a hop is one freeze and one
 * thaw of the node's frames, with no scheduler, no park and no unpark. A node waits {@code depth}
 * frames deep, the same {@link Hop#receive} frames as the virtual-thread rings, so the depth
 * curves of the two compare directly. The class is reached through method handles, so the
 * module compiles for JDK 17 and needs only {@code --add-exports} at run time.
 */
final class LoomContinuationRing extends SteppedRing {

    private static final int STOP = -1;

    private final Object scope;
    private final Object[] continuations;
    private final int[] tokens;

    LoomContinuationRing(String id, RingSize shape) {
        super(id, shape);
        scope = Loom.scope("threadring-floor");
        continuations = new Object[shape.nodes() + 1];
        tokens = new int[shape.nodes() + 1];
        for (int name = 1; name <= shape.nodes(); name++) {
            int node = name;
            continuations[name] = Loom.continuation(scope, () -> run(node));
        }
        startDriver();
    }

    private void run(int name) {
        int depth = depth();
        int work = work();
        Hop.Receive receive = () -> {
            Loom.yield(scope);
            return tokens[name];
        };
        try {
            while (true) {
                int t = depth == 0 ? receive.take() : Hop.receive(depth, receive);
                if (t > 0) {
                    Hop.work(work);
                    handOn(successor(name), t - 1);
                } else if (t == 0) {
                    finish(name);
                } else {
                    return;
                }
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected void prepare() {
        for (int name = 1; name < continuations.length; name++) {
            Loom.run(continuations[name]);
        }
    }

    @Override
    protected void resume(int node, int token) {
        tokens[node] = token;
        Loom.run(continuations[node]);
        if (Loom.isDone(continuations[node])) {
            throw new IllegalStateException(id() + ": the continuation of node " + node + " ended");
        }
    }

    @Override
    protected void end() {
        for (int name = 1; name < continuations.length; name++) {
            tokens[name] = STOP;
            Loom.run(continuations[name]);
        }
    }

    /** jdk.internal.vm's ContinuationScope and Continuation, through method handles. */
    private static final class Loom {
        private static final MethodHandle NEW_SCOPE;
        private static final MethodHandle NEW_CONTINUATION;
        private static final MethodHandle RUN;
        private static final MethodHandle YIELD;
        private static final MethodHandle IS_DONE;

        static {
            try {
                Class<?> scopeClass = Class.forName("jdk.internal.vm.ContinuationScope");
                Class<?> continuationClass = Class.forName("jdk.internal.vm.Continuation");
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                NEW_SCOPE = lookup.findConstructor(scopeClass, MethodType.methodType(void.class, String.class))
                        .asType(MethodType.methodType(Object.class, String.class));
                NEW_CONTINUATION = lookup.findConstructor(continuationClass,
                                MethodType.methodType(void.class, scopeClass, Runnable.class))
                        .asType(MethodType.methodType(Object.class, Object.class, Runnable.class));
                RUN = lookup.findVirtual(continuationClass, "run", MethodType.methodType(void.class))
                        .asType(MethodType.methodType(void.class, Object.class));
                YIELD = lookup.findStatic(continuationClass, "yield", MethodType.methodType(boolean.class, scopeClass))
                        .asType(MethodType.methodType(boolean.class, Object.class));
                IS_DONE = lookup.findVirtual(continuationClass, "isDone", MethodType.methodType(boolean.class))
                        .asType(MethodType.methodType(boolean.class, Object.class));
            } catch (ReflectiveOperationException | IllegalAccessError e) {
                throw new IllegalStateException("jdk.internal.vm.Continuation is not accessible (JDK 21+ with "
                        + "--add-exports java.base/jdk.internal.vm=ALL-UNNAMED): " + e, e);
            }
        }

        static Object scope(String name) {
            try {
                return (Object) NEW_SCOPE.invokeExact(name);
            } catch (Throwable e) {
                throw propagate(e);
            }
        }

        static Object continuation(Object scope, Runnable body) {
            try {
                return (Object) NEW_CONTINUATION.invokeExact(scope, body);
            } catch (Throwable e) {
                throw propagate(e);
            }
        }

        static void run(Object continuation) {
            try {
                RUN.invokeExact(continuation);
            } catch (Throwable e) {
                throw propagate(e);
            }
        }

        static void yield(Object scope) {
            boolean yielded;
            try {
                yielded = (boolean) YIELD.invokeExact(scope);
            } catch (Throwable e) {
                throw propagate(e);
            }
            if (!yielded) {
                throw new IllegalStateException("a node's continuation could not yield (pinned)");
            }
        }

        static boolean isDone(Object continuation) {
            try {
                return (boolean) IS_DONE.invokeExact(continuation);
            } catch (Throwable e) {
                throw propagate(e);
            }
        }

        private static RuntimeException propagate(Throwable e) {
            if (e instanceof RuntimeException r) {
                throw r;
            }
            if (e instanceof Error err) {
                throw err;
            }
            return new IllegalStateException(e);
        }
    }
}
