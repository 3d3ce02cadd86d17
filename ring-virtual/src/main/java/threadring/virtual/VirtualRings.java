package threadring.virtual;

import java.util.Map;
import java.util.concurrent.ThreadFactory;
import threadring.core.Rings;
import threadring.threads.Handoff;
import threadring.threads.ThreadRingFactory;

/**
 * Loom virtual threads, one per node, on the same handoff primitives and the same node loop as
 * ring-threads: only the thread builder changes. {@code -p1} variants run on a one-carrier
 * scheduler, which needs JVM flags (there is no public API for a custom scheduler).
 */
public final class VirtualRings {

    /** The flags of the {@code -p1} variants; VirtualOneCarrierBenchmark forks with the same. */
    public static final Map<String, String> ONE_CARRIER = Map.of(
            "jdk.virtualThreadScheduler.parallelism", "1",
            "jdk.virtualThreadScheduler.maxPoolSize", "1",
            "jdk.virtualThreadScheduler.minRunnable", "1");

    private VirtualRings() {}

    abstract static class Virtual extends ThreadRingFactory {
        private final Handoff handoff;
        private final boolean oneCarrier;

        Virtual(Handoff handoff, boolean oneCarrier) {
            super("virtual/" + handoff.variant() + (oneCarrier ? "-p1" : ""),
                    oneCarrier ? "virtual threads on one carrier" : "virtual threads, default scheduler",
                    handoff);
            this.handoff = handoff;
            this.oneCarrier = oneCarrier;
        }

        @Override
        protected ThreadFactory threads(String id) {
            return Thread.ofVirtual().name(id + "#", 1).factory();
        }

        @Override
        public Map<String, String> systemProperties() {
            return oneCarrier ? ONE_CARRIER : Map.of();
        }

        /**
         * Before JDK 24 (JEP 491) a virtual thread waiting in a synchronized block pins its
         * carrier; 503 of them exhaust the scheduler's carriers and the ring deadlocks.
         */
        @Override
        public int minimumJavaVersion() {
            return handoff == Handoff.SYNC ? 24 : 21;
        }

        /**
         * Slow rows get shorter passes: monitors on virtual threads cost 50-150 us per hop here,
         * spinning before parking 2-7 us (in a ring the receiver always waits N-1 hops, so every
         * spin is lost).
         */
        @Override
        public int defaultHops() {
            return switch (handoff) {
                case SYNC -> Rings.SLOWEST_HOPS;
                case SPIN -> Rings.SLOW_HOPS;
                default -> Rings.SWEEP_HOPS;
            };
        }
    }

    public static final class Park extends Virtual {
        public Park() {
            super(Handoff.PARK, false);
        }
    }

    public static final class Lock extends Virtual {
        public Lock() {
            super(Handoff.LOCK, false);
        }
    }

    public static final class Sync extends Virtual {
        public Sync() {
            super(Handoff.SYNC, false);
        }
    }

    public static final class Queue extends Virtual {
        public Queue() {
            super(Handoff.QUEUE, false);
        }
    }

    public static final class Spin extends Virtual {
        public Spin() {
            super(Handoff.SPIN, false);
        }
    }

    public static final class Exchanger extends Virtual {
        public Exchanger() {
            super(Handoff.EXCHANGER, false);
        }
    }

    public static final class ParkP1 extends Virtual {
        public ParkP1() {
            super(Handoff.PARK, true);
        }
    }

    public static final class LockP1 extends Virtual {
        public LockP1() {
            super(Handoff.LOCK, true);
        }
    }

    public static final class SyncP1 extends Virtual {
        public SyncP1() {
            super(Handoff.SYNC, true);
        }
    }

    public static final class QueueP1 extends Virtual {
        public QueueP1() {
            super(Handoff.QUEUE, true);
        }
    }

    public static final class SpinP1 extends Virtual {
        public SpinP1() {
            super(Handoff.SPIN, true);
        }
    }

    public static final class ExchangerP1 extends Virtual {
        public ExchangerP1() {
            super(Handoff.EXCHANGER, true);
        }
    }
}
