package threadring.threads;

import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.skynet.Skynet;

/**
 * The Skynet forms of platform threads: {@code threads/forkjoin}, the pre-Loom idiom for summing
 * a tree (a RecursiveTask per task on a ForkJoinPool of one worker per cpu), and
 * {@code threads/join}, an OS thread per task joined by its parent, which stops at the kernel's
 * thread limits ({@link OsThreadLimits}): small trees run, 10^6 leaves say why not.
 */
public final class ThreadsSkynets implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public ThreadsSkynets() {}

    @Override
    public List<RingFactory> factories() {
        return variants().stream().map(Variant.Builder::build).map(v -> (RingFactory) v).toList();
    }

    /** Each Skynet form of the model, as a variant builder. */
    public static List<Variant.Builder> variants() {
        return List.of(
                Variant.of("threads/forkjoin", "a RecursiveTask per task (fork the children, join them) on a "
                                + "ForkJoinPool of one worker per cpu").opens(Skynet.WORKLOAD, ForkJoinSkynet::new)
                        .inDefaultSweep(Skynet.WORKLOAD),
                Variant.of("threads/join", "an OS thread per task, joined by its parent (fails past the "
                                + "kernel's thread limits)").opens(Skynet.WORKLOAD, ThreadPerTaskSkynet::platform)
                        .limit(tasks -> ThreadPerTaskSkynet.osLimit(tasks)));
    }
}
