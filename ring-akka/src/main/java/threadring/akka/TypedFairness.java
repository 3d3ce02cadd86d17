package threadring.akka;

import threadring.core.fairness.AbstractFairness;

/**
 * Fairness on typed actors (a {@link TypedActors}): an ActorSystem of its own whose guardian spawns
 * each run's hog actors and a probe actor on its timer, on the library's default fork-join
 * dispatcher. An actor is fair between messages, not inside one: the plain form runs a hog's every
 * chunk in one message; the {@code -yield} form sends the hog a message per chunk. The timer runs on
 * the system's scheduler, whose tick (10 ms by default) bounds how exactly the probe wakes.
 */
final class TypedFairness extends AbstractFairness {

    private final OwnedSystem owned;
    private final TypedActors.Hogs hogs;
    private final boolean yielding;

    TypedFairness(String id, TypedActors actors, boolean yielding) {
        super(id);
        this.yielding = yielding;
        owned = new OwnedSystem(id, this::track);
        hogs = actors.startHogs(owned.name, Dispatcher.DEFAULT, new TypedActors.HogTasks() {
            @Override
            public void hogDone(long chunks) {
                TypedFairness.this.hogDone(chunks);
            }

            @Override
            public boolean hogsRunning() {
                return TypedFairness.this.hogsRunning();
            }

            @Override
            public void woke(long due) {
                TypedFairness.this.woke(due);
            }

            @Override
            public void probeDone() {
                TypedFairness.this.probeDone();
            }

            @Override
            public void failed(Throwable e) {
                fail(e);
            }
        });
        owned.trackThreads();
    }

    @Override
    protected void start(int count, int chunks, int chunkWork, int periodUs) {
        hogs.run(count, chunks, chunkWork, periodUs, yielding);
    }

    @Override
    protected void settle() {
        owned.trackThreads(); // dispatchers start threads on demand
    }

    @Override
    protected void stop() throws Exception {
        owned.terminate(hogs::terminate, closeTimeout());
    }
}
