package threadring.ox;

import java.util.ArrayList;
import java.util.List;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.skynet.Skynet;

/**
 * {@code ox/<form>}: the Skynet forms of Ox (forks in scopes, on the default virtual-thread
 * scheduler), and {@code ox/jox-channel}: jox channels from Java, a virtual thread per task; as
 * data, until the workload is registered like the others.
 */
public final class OxSkynets implements RingProvider {

    /**
     * A quick check (10^6 leaves, 3 warm-up and 5 timed runs, 5 GiB fixed heap, JDK 25, 2 cpus,
     * 2026-11-27), median ns per task in two JVMs: par 7,208 and 3,604, fork 6,351 and 4,751,
     * jox-channel 6,999. par opens a supervised scope (supervisedError) with a fork per child and
     * joins them, so the two are one form within noise; par is what an Ox user writes for "all of
     * these, in parallel". Over a third of the time went to young-collection pauses.
     */
    static final String FASTEST = "ox/par";

    /** Found by ServiceLoader, as every model's provider. */
    public OxSkynets() {}

    @Override
    public List<RingFactory> factories() {
        return variants().stream().map(Variant.Builder::build).map(v -> (RingFactory) v).toList();
    }

    /** Each Skynet form of the model, as a variant builder. */
    public static List<Variant.Builder> variants() {
        List<Variant.Builder> all = new ArrayList<>();
        for (SkynetForm form : SkynetForm.values()) {
            String id = "ox/" + form.variant();
            Variant.Builder v = Variant.of(id, "skynet: Ox, " + form.description() + ", default scheduler")
                    .opens(Skynet.WORKLOAD, opened -> new OxSkynet(opened, form)).onVirtualThreads(true);
            all.add(id.equals(FASTEST) ? v.inDefaultSweep(Skynet.WORKLOAD) : v);
        }
        all.add(Variant.of("ox/jox-channel", "skynet: jox from Java, a virtual thread per task, children "
                + "answering on their parent's rendezvous channel, default scheduler").opens(Skynet.WORKLOAD,
                        JoxSkynet::new).onVirtualThreads(true));
        return all;
    }
}
