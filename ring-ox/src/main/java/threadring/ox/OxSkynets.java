package threadring.ox;

import java.util.ArrayList;
import java.util.List;
import threadring.core.skynet.SkynetVariant;

/**
 * {@code ox/<form>}: the Skynet forms of Ox (forks in scopes, on the default virtual-thread
 * scheduler), and {@code ox/jox-channel}: jox channels from Java, a virtual thread per task; as
 * data, until the workload is registered like the others.
 */
public final class OxSkynets {

    /**
     * A quick check (10^6 leaves, 3 warm-up and 5 timed runs, 5 GiB fixed heap, JDK 25, 2 cpus,
     * 2026-11-27), median ns per task in two JVMs: par 7,208 and 3,604, fork 6,351 and 4,751,
     * jox-channel 6,999. par opens a supervised scope (supervisedError) with a fork per child and
     * joins them, so the two are one form within noise; par is what an Ox user writes for "all of
     * these, in parallel". Over a third of the time went to young-collection pauses.
     */
    static final String FASTEST = "ox/par";

    private OxSkynets() {}

    public static List<SkynetVariant> variants() {
        List<SkynetVariant> all = new ArrayList<>();
        for (SkynetForm form : SkynetForm.values()) {
            all.add(SkynetVariant.of("ox/" + form.variant(), "skynet: Ox, " + form.description() + ", default scheduler",
                    id -> new OxSkynet(id, form)));
        }
        all.add(SkynetVariant.of("ox/jox-channel", "skynet: jox from Java, a virtual thread per task, children "
                + "answering on their parent's rendezvous channel, default scheduler", JoxSkynet::new));
        return all.stream()
                .map(v -> v.onVirtualThreads())
                .map(v -> v.id().equals(FASTEST) ? v.fastest() : v)
                .toList();
    }
}
