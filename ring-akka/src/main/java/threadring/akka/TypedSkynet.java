package threadring.akka;

import threadring.core.skynet.AbstractSkynet;
import threadring.core.skynet.Skynet;

/**
 * Skynet on typed actors (Akka or Pekko, a {@link TypedActors}), the original's Scala/Akka form:
 * an ActorSystem of its own whose guardian spawns each run's root actor; every task actor spawns
 * an actor per child, sums the answers its children send it, answers its parent and stops.
 */
final class TypedSkynet extends AbstractSkynet {

    private final OwnedSystem owned;
    private final TypedActors.Trees trees;

    TypedSkynet(String id, TypedActors actors, Dispatcher on) {
        super(id);
        owned = new OwnedSystem(id, this::track);
        trees = actors.startTrees(owned.name, on, new TypedActors.TreeTasks() {
            @Override
            public void started() {
                taskStarted();
            }

            @Override
            public void ended() {
                taskEnded();
            }

            @Override
            public void answered(long sum) {
                done(sum);
            }

            @Override
            public void failed(Throwable e) {
                fail(e);
            }
        });
        owned.trackThreads();
    }

    @Override
    protected void start(int branching, int depth) {
        trees.spawn(branching, Skynet.leaves(branching, depth));
    }

    @Override
    protected void settle() {
        owned.trackThreads(); // dispatchers start threads on demand
    }

    @Override
    protected void stop() throws Exception {
        owned.terminate(trees::terminate, closeTimeout());
    }
}
