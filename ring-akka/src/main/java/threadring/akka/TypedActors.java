package threadring.akka;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;

/**
 * What the typed ring, rendezvous, fan-out and Skynet need of a typed actor library: actors of one
 * ActorSystem that take an int, each known by its index, task actors that wait on a timer, or
 * trees of actors that spawn their children. Akka 2.6 and Pekko 1.x offer the same typed API
 * under different packages: the adapter is written once for Akka ({@link AkkaTyped}) and the
 * build derives Pekko's from it, and the workloads ({@link TypedRing}, {@link TypedRendezvous})
 * are written once.
 */
interface TypedActors {

    /** Actor {@code node} (0-based) received {@code token}. */
    @FunctionalInterface
    interface Receive {
        void token(int node, int token);
    }

    /** A started ActorSystem whose guardian has spawned the actors. */
    interface Nodes {
        void tell(int node, int token);

        /** The actors' names, in index order, for tests. */
        List<String> names();

        /** Starts terminating the system; the stage completes once it has terminated. */
        CompletionStage<?> terminate();
    }

    /**
     * Starts an ActorSystem named {@code system} (the rings' config over the library's
     * reference.conf) whose guardian spawns {@code nodes} actors named {@code names(0..nodes-1)},
     * each handing what it receives to {@code receive}, on the dispatcher {@code on};
     * waits up to {@code timeout} for them.
     */
    Nodes start(String system, int nodes, IntFunction<String> names, Dispatcher on, Duration timeout,
            Receive receive) throws Exception;

    /** A started ActorSystem whose guardian spawns a fan-out's task actors. */
    interface Tasks {
        /**
         * Asks the guardian to spawn tasks 1..{@code tasks}: each actor sets a timer of
         * {@code delayMs}, and on its tick works, reports its number to the fan-out and stops.
         */
        void spawn(int tasks, int delayMs, int work);

        /** Starts terminating the system; the stage completes once it has terminated. */
        CompletionStage<?> terminate();
    }

    /**
     * Starts an ActorSystem named {@code system} for a fan-out, its task actors on the dispatcher
     * {@code on}; each reports to
     * {@code done}.
     */
    Tasks startTasks(String system, Dispatcher on, IntConsumer done);

    /** What a Skynet's task actors tell the workload (AbstractSkynet's hooks, which are its own). */
    interface TreeTasks {
        /** A task actor began (its setup). */
        void started();

        /** A task actor has its answer, before it sends it. */
        void ended();

        /** The root's answer: the tree's sum. */
        void answered(long sum);

        /** A task actor failed: the run fails instead of waiting for its answer. */
        void failed(Throwable e);
    }

    /** A started ActorSystem whose guardian spawns a Skynet tree's root actor per run. */
    interface Trees {
        /** Asks the guardian to spawn the root of a tree of {@code leaves} leaves, {@code branching} children per task. */
        void spawn(int branching, long leaves);

        /** Starts terminating the system; the stage completes once it has terminated. */
        CompletionStage<?> terminate();
    }

    /** What a fairness's actors tell the workload (AbstractFairness's hooks, which are its own). */
    interface HogTasks {
        /** A hog actor ran its {@code chunks} chunks. */
        void hogDone(long chunks);

        /** Whether a hog of the run is still running. */
        boolean hogsRunning();

        /** The probe woke for the tick due at {@code due} (System.nanoTime). */
        void woke(long due);

        /** The probe ends. */
        void probeDone();

        /** An actor failed: the run fails instead of waiting for it. */
        void failed(Throwable e);
    }

    /** A started ActorSystem whose guardian spawns a fairness run's hog actors and its probe. */
    interface Hogs {
        /**
         * Asks the guardian to spawn {@code hogs} hog actors of {@code chunks} chunks of {@code work}
         * units (each chunk a message to itself where {@code yielding}, else all in one message) and a
         * probe actor whose timer ticks every {@code periodUs} µs until the hogs are done.
         */
        void run(int hogs, int chunks, int work, int periodUs, boolean yielding);

        /** Starts terminating the system; the stage completes once it has terminated. */
        CompletionStage<?> terminate();
    }

    /** Starts an ActorSystem named {@code system} for a fairness, its actors on the dispatcher {@code on}. */
    Hogs startHogs(String system, Dispatcher on, HogTasks tasks);

    /**
     * Starts an ActorSystem named {@code system} for a Skynet: each task an actor on the
     * dispatcher {@code on} that spawns its children, sums their answers, answers its parent and
     * stops; the actors report to {@code tasks}.
     */
    Trees startTrees(String system, Dispatcher on, TreeTasks tasks);
}
