package threadring.threads;

import java.util.List;
import threadring.core.skynet.SkynetVariant;

/**
 * The Skynet forms of platform threads: {@code threads/forkjoin}, the pre-Loom idiom for summing
 * a tree (a RecursiveTask per task on a ForkJoinPool of one worker per cpu), and
 * {@code threads/thread}, an OS thread per task joined by its parent, which stops at the kernel's
 * thread limits ({@link OsThreadLimits}): small trees run, 10^6 leaves say why not.
 */
public final class ThreadsSkynets {

    private ThreadsSkynets() {}

    public static List<SkynetVariant> variants() {
        return List.of(
                SkynetVariant.of("threads/forkjoin", "a RecursiveTask per task (fork the children, join them) on a "
                                + "ForkJoinPool of one worker per cpu", ForkJoinSkynet::new)
                        .fastest(),
                SkynetVariant.of("threads/thread", "an OS thread per task, joined by its parent (fails past the "
                                + "kernel's thread limits)", ThreadPerTaskSkynet::platform)
                        .limit(ThreadPerTaskSkynet::osLimit));
    }
}
