package threadring.akka;

import threadring.core.fanout.AbstractFanOut;

/**
 * The fan-out on typed actors (Akka or Pekko, a {@link TypedActors}): an ActorSystem of its own
 * whose guardian spawns a task actor per task; each waits on its own timer, works, reports and
 * stops. Timers run on the system's scheduler, whose tick (10 ms by default) bounds how exactly
 * a task wakes.
 */
final class TypedFanOut extends AbstractFanOut {

    private final OwnedSystem owned;
    private final TypedActors.Tasks tasks;

    TypedFanOut(String id, TypedActors actors, Dispatcher on) {
        super(id);
        owned = new OwnedSystem(id, this::track);
        tasks = actors.startTasks(owned.name, on, this::completed);
        owned.trackThreads();
    }

    private void completed(int task) {
        done(task);
    }

    @Override
    protected void start(int count, int delayMs, int work) {
        tasks.spawn(count, delayMs, work);
    }

    @Override
    protected void settle() {
        owned.trackThreads(); // dispatchers start threads on demand
    }

    @Override
    protected void stop() throws Exception {
        owned.terminate(tasks::terminate, closeTimeout());
    }
}
