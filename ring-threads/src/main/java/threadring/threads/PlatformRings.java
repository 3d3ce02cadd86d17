package threadring.threads;

import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import threadring.core.Rings;

/** Platform (OS) threads, one per node: the 2014 study's baseline. One factory per primitive. */
public final class PlatformRings {

    private PlatformRings() {}

    abstract static class Platform extends ThreadRingFactory {
        Platform(Handoff handoff) {
            super("threads/" + handoff.variant(), "platform threads", handoff);
        }

        /** 10-40 us per hop here (a kernel wake-up per hop): 10^5 hops take 1-4 s. */
        @Override
        public int defaultHops() {
            return Rings.SLOW_HOPS;
        }

        /** The kernel's limits on threads (pid_max, max_map_count, ...), checked before any starts. */
        @Override
        public Optional<String> cannotOpen(int nodes) {
            return OsThreadLimits.tooMany(nodes);
        }

        @Override
        protected ThreadFactory threads(String id) {
            AtomicInteger n = new AtomicInteger();
            return task -> {
                Thread t = new Thread(task, id + "#" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            };
        }
    }

    public static final class Park extends Platform {
        public Park() {
            super(Handoff.PARK);
        }
    }

    public static final class Lock extends Platform {
        public Lock() {
            super(Handoff.LOCK);
        }
    }

    public static final class Sync extends Platform {
        public Sync() {
            super(Handoff.SYNC);
        }
    }

    public static final class Queue extends Platform {
        public Queue() {
            super(Handoff.QUEUE);
        }
    }
}
