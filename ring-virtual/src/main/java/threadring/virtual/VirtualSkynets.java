package threadring.virtual;

import java.util.List;
import java.util.Optional;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.skynet.Skynet;
import threadring.threads.ThreadPerTaskSkynet;

/**
 * The Skynet forms of virtual threads, a virtual thread per task on the default scheduler, told
 * apart by how a parent gets its children's answers: {@code virtual/join} joins each child's
 * thread (ring-threads' thread-per-task code, only the thread builder changes),
 * {@code virtual/answer-queue} takes them from a queue of its own (the original's channel), and
 * {@code virtual/scope} joins a StructuredTaskScope (JDK 25's preview API, so JDK 25+ with
 * {@code --enable-preview}).
 */
public final class VirtualSkynets implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public VirtualSkynets() {}

    @Override
    public List<RingFactory> factories() {
        return variants().stream().map(Variant.Builder::build).map(v -> (RingFactory) v).toList();
    }

    /** Each Skynet form of the model, as a variant builder. */
    public static List<Variant.Builder> variants() {
        return List.of(
                Variant.of("virtual/join", "a virtual thread per task; the parent starts its children's, "
                                + "then joins each and reads its answer").opens(Skynet.WORKLOAD,
                                id -> new ThreadPerTaskSkynet(id, Thread.ofVirtual().factory(), tasks -> Optional.empty()))
                        .onVirtualThreads(true),
                Variant.of("virtual/answer-queue", "a virtual thread per task; children put their answers on "
                                + "their parent's ArrayBlockingQueue, the parent takes them").opens(Skynet.WORKLOAD, QueueSkynet::new)
                        .onVirtualThreads(true),
                Variant.of("virtual/scope", "a virtual thread per task, forked in its parent's "
                                + "StructuredTaskScope (JDK 25 preview API), joined through the scope").opens(Skynet.WORKLOAD, ScopeSkynet::new)
                        .onVirtualThreads(true)
                        .minimumJava(25)
                        .jvmArgs(List.of(ScopeSkynet.ENABLE_PREVIEW), ScopeSkynet::previewEnabled)
                        // the fastest here: a parent parks once for its whole scope, not once per child
                        // it joins (quick timing of 10^6 leaves on JDK 25, 2026-11-27: ~0.8x join's time)
                        .inDefaultSweep(Skynet.WORKLOAD));
    }
}
