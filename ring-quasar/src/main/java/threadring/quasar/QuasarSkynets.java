package threadring.quasar;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import threadring.core.skynet.SkynetVariant;

/**
 * The Skynet forms of Quasar fibers, a fiber per task: {@code quasar/join} (a parent joins each
 * child's fiber and reads its result) and {@code quasar/channel} (children send their answers on
 * their parent's channel), on a one-thread FiberForkJoinScheduler of the Skynet's own and, as
 * {@code -p2}, a two-thread one (the parallelism is in the id, as for the rings). Instrumented at
 * build time like every class here; they need {@link QuasarRings#JVM_ARGS} at run time.
 */
public final class QuasarSkynets {

    private QuasarSkynets() {}

    public static List<SkynetVariant> variants() {
        List<SkynetVariant> all = new ArrayList<>();
        for (int parallelism : new int[] {1, 2}) {
            String suffix = parallelism == 1 ? "" : "-p" + parallelism;
            String scheduler = parallelism == 1 ? "one-thread" : parallelism + "-thread";
            all.add(SkynetVariant.of("quasar/join" + suffix, "a fiber per task; the parent joins each child's "
                            + "fiber (Fiber.get), " + scheduler + " FiberForkJoinScheduler",
                            id -> new FiberJoinSkynet(id, parallelism))
                    .flags(Map.of(), QuasarRings.JVM_ARGS));
            SkynetVariant channel = SkynetVariant.of("quasar/channel" + suffix, "a fiber per task; children send "
                            + "their answers on their parent's LongChannel, " + scheduler + " FiberForkJoinScheduler",
                            id -> new ChannelSkynet(id, parallelism))
                    .flags(Map.of(), QuasarRings.JVM_ARGS);
            // -p2 the faster form of both on 2 cores, channel and join within noise of each other (quick
            // timing of 10^6 leaves, 2026-11-27)
            all.add(parallelism == 2 ? channel.fastest() : channel);
        }
        return all;
    }
}
