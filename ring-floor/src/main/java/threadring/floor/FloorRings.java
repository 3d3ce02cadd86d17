package threadring.floor;

import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.ring.Ring;
import threadring.kilim.KilimRings;

/**
 * Model {@code floor}: what is left of a hop with no scheduler and no handoff primitive. Each
 * model's rows name their nearest floor ({@link RingFactory#floor}), and the report shows what
 * the model adds over it: the scheduler's and the library's share.
 */
public final class FloorRings implements RingProvider {

    /** The flag jdk.internal.vm.Continuation needs outside java.base. */
    static final List<String> LOOM_EXPORTS = List.of("--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED");

    @Override
    public List<RingFactory> factories() {
        return List.of(
                Variant.of(RingFactory.LOOP_FLOOR, "one thread walks an int[] ring: no concurrency, no suspension").opens(Ring.WORKLOAD,
                                LoopRing::new)
                        .oneThread(true)
                        .inDefaultSweep(Ring.WORKLOAD)
                        .build(),
                Variant.of("floor/loom-continuation",
                                "a jdk.internal.vm.Continuation per node, resumed in turn by one platform thread").opens(Ring.WORKLOAD,
                                LoomContinuationRing::new)
                        .jvmArgs(LOOM_EXPORTS, () -> Object.class.getModule().isExported("jdk.internal.vm",
                                FloorRings.class.getModule()))
                        .minimumJava(21)
                        .floor("floor/loom-continuation")
                        .oneThread(true)
                        .inDefaultSweep(Ring.WORKLOAD)
                        .build(),
                Variant.of("floor/kotlin-intrinsics",
                                "kotlin.coroutines intrinsics (no kotlinx) and a trampoline on one thread").opens(Ring.WORKLOAD,
                                KotlinIntrinsicsRing::new)
                        .floor("floor/kotlin-intrinsics")
                        .oneThread(true)
                        .inDefaultSweep(Ring.WORKLOAD)
                        .build(),
                KilimRings.continuationFloor());
    }
}
