package threadring.ox;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.Workload;
import threadring.core.echo.EchoServer;
import threadring.core.fanout.FanOut;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;
import threadring.threads.MailboxRendezvous;
import threadring.threads.ThreadRing;
import threadring.virtual.VirtualRings;

/**
 * {@code ox/<channel>}: Ox forks in a supervised scope, passing on Ox channels;
 * {@code ox/jox-<channel>}: the same jox channels used directly from Java, one virtual thread
 * per node in ring-threads' node loop, so the difference is Ox's layer. Channels are rendezvous
 * or buffered(1); every form runs on the default virtual-thread scheduler and, as {@code -p1},
 * on one carrier. Each id's rendezvous uses the same channels and threads as its ring.
 * {@code ox/sleep}: the fan-out, a fork per task that sleeps. {@code ox/socket}: the echo server, a
 * fork per connection in a supervised scope, on blocking java.net sockets, waiting with Ox's sleep.
 */
public final class OxRings implements RingProvider {

    /**
     * The default sweep's ring and rendezvous ids (run 20261123-205554, --all): the fastest of each
     * (buffered-p1, rendezvous), and jox without Ox beside the rendezvous (Ox's layer, and jox's own
     * JMH benchmark's rendezvous channel).
     */
    private static final Map<String, Workload[]> IN_DEFAULT_SWEEP = Map.of(
            "ox/buffered-p1", new Workload[] {Ring.WORKLOAD},
            "ox/rendezvous", new Workload[] {Rendezvous.WORKLOAD},
            "ox/jox-rendezvous", new Workload[] {Rendezvous.WORKLOAD});

    /**
     * Ring ox/buffered-p1 approaches its level over about 6 s, a collection every third iteration
     * on top: over the 8 JVMs of the long run 20261128-085436 its iterations read +10% at 2 s, +5% at
     * 3 s and within 3% from 5.8 s, where one fork's spikes hide the approach (20261128-161739's first
     * fork; its later forks, warmed 1 s, read 7-13% slow). Every fork warms up that long.
     */
    private static final int BUFFERED_P1_RING_WARMUP_MS = 6000;

    @Override
    public List<RingFactory> factories() {
        List<RingFactory> all = new ArrayList<>();
        for (boolean direct : new boolean[] {false, true}) {
            for (int capacity : new int[] {0, 1}) {
                for (boolean oneCarrier : new boolean[] {false, true}) {
                    String channel = capacity == 0 ? "rendezvous" : "buffered";
                    String id = "ox/" + (direct ? "jox-" : "") + channel + (oneCarrier ? "-p1" : "");
                    String description = (direct ? "jox channels from Java, a virtual thread per node" : "Ox forks in a supervised scope")
                            + ", " + (capacity == 0 ? "rendezvous channels" : "buffered(1) channels")
                            + (oneCarrier ? ", one carrier" : ", default scheduler");
                    Variant.Opener<RingSize, Ring> opener = direct
                            ? (ringId, shape) -> new ThreadRing(ringId, shape, VirtualRings.threads(ringId + "#"),
                                    () -> new JoxMailbox(capacity))
                            : (ringId, shape) -> new OxRing(ringId, shape, capacity);
                    Function<String, Rendezvous> rendezvous = direct
                            ? rendezvousId -> new MailboxRendezvous(rendezvousId,
                                    VirtualRings.threads(rendezvousId + "#"), () -> new JoxMailbox(capacity))
                            : rendezvousId -> new OxRendezvous(rendezvousId, capacity);
                    all.add(Variant.of(id, description).opens(Ring.WORKLOAD, opener)
                            .opens(Rendezvous.WORKLOAD, rendezvous)
                            .systemProperties(oneCarrier ? VirtualRings.ONE_CARRIER : Map.of())
                            .minimumJava(21)
                            .floor(VirtualRings.LOOM_FLOOR)
                            .oneThread(oneCarrier)
                            .inDefaultSweep(IN_DEFAULT_SWEEP.getOrDefault(id, new Workload[0]))
                            .warmsUp(Ring.WORKLOAD, id.equals("ox/buffered-p1") ? BUFFERED_P1_RING_WARMUP_MS : 0)
                            .build());
                }
            }
        }
        for (boolean oneCarrier : new boolean[] {false, true}) {
            all.add(Variant.of("ox/sleep" + (oneCarrier ? "-p1" : ""), "fan-out: a fork per task in a supervised "
                            + "scope, Ox's sleep, " + (oneCarrier ? "one carrier" : "default scheduler"))
                    .opens(FanOut.WORKLOAD, OxFanOut::new)
                    // the faster fan-out in both series (run 20261123-223732, --all)
                    .inDefaultSweep(oneCarrier ? new Workload[0] : new Workload[] {FanOut.WORKLOAD})
                    .systemProperties(oneCarrier ? VirtualRings.ONE_CARRIER : Map.of())
                    .minimumJava(21)
                    .oneThread(oneCarrier)
                    .build());
        }
        for (boolean oneCarrier : new boolean[] {false, true}) {
            all.add(Variant.of("ox/socket" + (oneCarrier ? "-p1" : ""), "echo server: a fork per connection in a "
                            + "supervised scope, blocking java.net sockets, " + (oneCarrier ? "one carrier" : "default scheduler"))
                    .opens(EchoServer.WORKLOAD, (id, size) -> new OxEchoServer(id, size.waitMs()))
                    .systemProperties(oneCarrier ? VirtualRings.ONE_CARRIER : Map.of())
                    .minimumJava(21)
                    .oneThread(oneCarrier)
                    .inDefaultSweep(oneCarrier ? new Workload[0] : new Workload[] {EchoServer.WORKLOAD})
                    .build());
        }
        return all;
    }
}
