package threadring.akka;

import java.util.ArrayList;
import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.skynet.Skynet;

/**
 * The Skynet forms of typed actors, an actor per task that spawns its children and sums the
 * answers they send it (the original's Scala/Akka form, {@link TypedSkynet}): Akka 2.6
 * ({@code akka/spawn}) and Pekko 1.x ({@code akka/pekko-spawn}), each on the library's default
 * fork-join dispatcher and on a one-thread dispatcher ({@code -p1}); Pekko also on its
 * virtual-thread executor ({@code -loom}, the default virtual-thread scheduler).
 */
public final class AkkaSkynets implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public AkkaSkynets() {}

    @Override
    public List<RingFactory> factories() {
        return variants().stream().map(Variant.Builder::build).map(v -> (RingFactory) v).toList();
    }

    /** Each Skynet form of the model, as a variant builder. */
    public static List<Variant.Builder> variants() {
        List<Variant.Builder> all = new ArrayList<>();
        for (Dispatcher on : List.of(Dispatcher.DEFAULT, Dispatcher.ONE_THREAD)) {
            all.add(Variant.of("akka/spawn" + on.suffix, "an Akka 2.6 typed actor per task, spawning its "
                    + "children, " + on.description).opens(Skynet.WORKLOAD, id -> new TypedSkynet(id, new AkkaTyped(), on)));
        }
        // the Loom dispatcher on the default scheduler only, as for the fan-out
        for (Dispatcher on : List.of(Dispatcher.DEFAULT, Dispatcher.ONE_THREAD, Dispatcher.LOOM)) {
            Variant.Builder pekko = Variant.of("akka/pekko-spawn" + on.suffix, "a Pekko 1.x typed actor per "
                    + "task, spawning its children, " + on.description).opens(Skynet.WORKLOAD, id -> new TypedSkynet(id, new PekkoTyped(), on));
            // Pekko on its default dispatcher: the fastest on 2 cores, ahead of Akka's (quick timing
            // of 10^6 leaves, 2026-11-27); one thread and virtual threads well behind both
            all.add(on.virtual ? pekko.onVirtualThreads(true) : on == Dispatcher.DEFAULT ? pekko.inDefaultSweep(Skynet.WORKLOAD) : pekko);
        }
        return all;
    }
}
