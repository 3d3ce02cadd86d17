package threadring.kilim;

import java.util.List;
import kilim.Scheduler;
import threadring.core.skynet.SkynetVariant;

/**
 * The Skynet forms of Kilim: a woven Task per task, children's answers in their parent's Mailbox
 * ({@link MailboxSkynet}), on a scheduler of Kilim's default size ({@code kilim/mailbox}) or of one
 * worker ({@code kilim/mailbox-p1}).
 */
public final class KilimSkynets {

    private KilimSkynets() {}

    public static List<SkynetVariant> variants() {
        return List.of(
                SkynetVariant.of("kilim/mailbox", "a Kilim Task per task, answers in the parent's Mailbox, "
                                + "default-size scheduler (" + Scheduler.defaultNumberThreads + " workers here)",
                        id -> new MailboxSkynet(id, Scheduler.defaultNumberThreads))
                        // the faster on 2 cores, near one worker's (quick timing of 10^6 leaves, 2026-11-27)
                        .fastest(),
                SkynetVariant.of("kilim/mailbox-p1", "a Kilim Task per task, answers in the parent's Mailbox, "
                                + "one-worker scheduler", id -> new MailboxSkynet(id, 1)));
    }
}
