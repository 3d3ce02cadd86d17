package threadring.go;

import java.util.List;
import java.util.Optional;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.fairness.Fairness;
import threadring.core.fanout.FanOut;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.ring.Ring;
import threadring.core.skynet.Skynet;

/**
 * Go's goroutines as reference rows beside the JVM models: each workload run by a Go program
 * ({@link GoProgram}) that this JVM drives over a pipe, one request per pass, so a row is timed,
 * forked and verified as every JVM row is (the pipe's round trip, tens of microseconds, against
 * passes of about 100 ms). GOMAXPROCS is the JVM's cpus. Without a Go toolchain every row says why
 * it cannot run here.
 */
public final class GoModels implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public GoModels() {}

    @Override
    public List<RingFactory> factories() {
        return variants().stream().map(Variant.Builder::build).map(v -> (RingFactory) v).toList();
    }

    /** Each form, as a variant builder. */
    public static List<Variant.Builder> variants() {
        return List.of(
                Variant.of("go/channel", "goroutines on unbuffered channels (a ring node or a rendezvous party "
                        + "each; Skynet's children answering on their parent's channel), Go's scheduler on GOMAXPROCS "
                        + "= the JVM's cpus")
                        .opens(Ring.WORKLOAD, GoRing::new)
                        .opens(Rendezvous.WORKLOAD, id -> new GoRendezvous(id))
                        .opens(Skynet.WORKLOAD, id -> new GoSkynet(id, "skynet-channel"))
                        .limit(GoModels::whyNot)
                        .inDefaultSweep(Ring.WORKLOAD, Rendezvous.WORKLOAD, Skynet.WORKLOAD),
                Variant.of("go/waitgroup", "a goroutine per Skynet task, the parent waiting on a sync.WaitGroup "
                        + "for the answers its children left in a slice")
                        .opens(Skynet.WORKLOAD, id -> new GoSkynet(id, "skynet-waitgroup"))
                        .limit(GoModels::whyNot),
                Variant.of("go/sleep", "a goroutine per fan-out task in time.Sleep, joined on a sync.WaitGroup")
                        .opens(FanOut.WORKLOAD, id -> new GoFanOut(id))
                        .limit(GoModels::whyNot)
                        .inDefaultSweep(FanOut.WORKLOAD),
                Variant.of("go/hogs", "fairness: a goroutine per hog and a probe goroutine in time.Sleep; Go "
                        + "preempts a goroutine that runs too long").opens(Fairness.WORKLOAD, id -> new GoFairness(id, false))
                        .limit(GoModels::whyNot),
                Variant.of("go/hogs-yield", "fairness: as go/hogs, each hog calling runtime.Gosched() after every chunk")
                        .opens(Fairness.WORKLOAD, id -> new GoFairness(id, true))
                        .limit(GoModels::whyNot));
    }

    /** Why no Go row runs here (no toolchain, a failed build), whatever the size. */
    private static Optional<String> whyNot(int population) {
        return GoProgram.whyNot();
    }
}
