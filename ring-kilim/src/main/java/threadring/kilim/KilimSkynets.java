package threadring.kilim;

import java.util.List;
import kilim.Scheduler;
import threadring.core.RingFactory;
import threadring.core.RingProvider;
import threadring.core.Variant;
import threadring.core.skynet.Skynet;

/**
 * The Skynet forms of Kilim: a woven Task per task, children's answers in their parent's Mailbox
 * ({@link MailboxSkynet}), on a scheduler of Kilim's default size ({@code kilim/answer-mailbox}) or of one
 * worker ({@code kilim/answer-mailbox-p1}).
 */
public final class KilimSkynets implements RingProvider {

    /** Found by ServiceLoader, as every model's provider. */
    public KilimSkynets() {}

    @Override
    public List<RingFactory> factories() {
        return variants().stream().map(Variant.Builder::build).map(v -> (RingFactory) v).toList();
    }

    /** Each Skynet form of the model, as a variant builder. */
    public static List<Variant.Builder> variants() {
        return List.of(
                Variant.of("kilim/answer-mailbox", "a Kilim Task per task, answers in the parent's Mailbox, "
                                + "default-size scheduler (" + Scheduler.defaultNumberThreads + " workers here)").opens(Skynet.WORKLOAD,
                        id -> new MailboxSkynet(id, Scheduler.defaultNumberThreads))
                        // the faster on 2 cores, near one worker's (quick timing of 10^6 leaves, 2026-11-27)
                        .inDefaultSweep(Skynet.WORKLOAD),
                Variant.of("kilim/answer-mailbox-p1", "a Kilim Task per task, answers in the parent's Mailbox, "
                                + "one-worker scheduler").opens(Skynet.WORKLOAD, id -> new MailboxSkynet(id, 1)));
    }
}
