package threadring.virtual;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import threadring.core.skynet.SkynetVariant;
import threadring.threads.ThreadPerTaskSkynet;

/**
 * The Skynet forms of virtual threads, a virtual thread per task on the default scheduler, told
 * apart by how a parent gets its children's answers: {@code virtual/join} joins each child's
 * thread (ring-threads' thread-per-task code, only the thread builder changes),
 * {@code virtual/queue} takes them from a queue of its own (the original's channel), and
 * {@code virtual/scope} joins a StructuredTaskScope (JDK 25's preview API, so JDK 25+ with
 * {@code --enable-preview}).
 */
public final class VirtualSkynets {

    private VirtualSkynets() {}

    public static List<SkynetVariant> variants() {
        return List.of(
                SkynetVariant.of("virtual/join", "a virtual thread per task; the parent starts its children's, "
                                + "then joins each and reads its answer",
                                id -> new ThreadPerTaskSkynet(id, Thread.ofVirtual().factory(), tasks -> Optional.empty()))
                        .onVirtualThreads(),
                SkynetVariant.of("virtual/queue", "a virtual thread per task; children put their answers on "
                                + "their parent's ArrayBlockingQueue, the parent takes them", QueueSkynet::new)
                        .onVirtualThreads(),
                SkynetVariant.of("virtual/scope", "a virtual thread per task, forked in its parent's "
                                + "StructuredTaskScope (JDK 25 preview API), joined through the scope", ScopeSkynet::new)
                        .onVirtualThreads()
                        .minimumJava(25)
                        .flags(Map.of(), List.of(ScopeSkynet.ENABLE_PREVIEW))
                        // the fastest here: a parent parks once for its whole scope, not once per child
                        // it joins (quick timing of 10^6 leaves on JDK 25, 2026-11-27: ~0.8x join's time)
                        .fastest());
    }
}
