package threadring.quasar;

import java.util.ArrayList;
import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.skynet.Skynet;

/**
 * The Skynet forms of Quasar fibers, a fiber per task: {@code quasar/join} (a parent joins each
 * child's fiber and reads its result) and {@code quasar/answer-channel} (children send their answers on
 * their parent's channel), on a one-thread FiberForkJoinScheduler of the Skynet's own and, as
 * {@code -p2}, a two-thread one (the parallelism is in the id, as for the rings). Instrumented at
 * build time like every class here; they need {@link QuasarRings#JVM_ARGS} at run time.
 */
public final class QuasarSkynets implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public QuasarSkynets() {}

    @Override
    public List<RingFactory> factories() {
        return variants().stream().map(Variant.Builder::build).map(v -> (RingFactory) v).toList();
    }

    /** Each Skynet form of the model, as a variant builder. */
    public static List<Variant.Builder> variants() {
        List<Variant.Builder> all = new ArrayList<>();
        for (int parallelism : new int[] {1, 2}) {
            String suffix = parallelism == 1 ? "" : "-p" + parallelism;
            String scheduler = parallelism == 1 ? "one-thread" : parallelism + "-thread";
            all.add(Variant.of("quasar/join" + suffix, "a fiber per task; the parent joins each child's "
                            + "fiber (Fiber.get), " + scheduler + " FiberForkJoinScheduler").opens(Skynet.WORKLOAD,
                            id -> new FiberJoinSkynet(id, parallelism))
                    .jvmArgs(QuasarRings.JVM_ARGS, QuasarRings::javaLangOpen));
            Variant.Builder channel = Variant.of("quasar/answer-channel" + suffix, "a fiber per task; children send "
                            + "their answers on their parent's LongChannel, " + scheduler + " FiberForkJoinScheduler").opens(Skynet.WORKLOAD,
                            id -> new ChannelSkynet(id, parallelism))
                    .jvmArgs(QuasarRings.JVM_ARGS, QuasarRings::javaLangOpen);
            // -p2 the faster form of both on 2 cores, channel and join within noise of each other (quick
            // timing of 10^6 leaves, 2026-11-27)
            all.add(parallelism == 2 ? channel.inDefaultSweep(Skynet.WORKLOAD) : channel);
        }
        return all;
    }
}
