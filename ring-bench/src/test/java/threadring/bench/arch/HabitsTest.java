package threadring.bench.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.util.Processes;

/**
 * The habits docs/architecture.md writes down, read from the history: every commit since the rule
 * has a subject of at most {@link #SUBJECT} characters (the figures and commands go in its body).
 */
class HabitsTest {

    /** The longest subject: what {@code git log --oneline} shows whole. */
    static final int SUBJECT = 72;
    /** The last commit before the rule: its subject, like many before it, held a whole report. */
    static final String BEFORE_THE_RULE = "519644d";

    @Test
    void everyCommitSinceTheRuleHasAShortSubject() throws IOException, InterruptedException {
        Path root = Path.of("..");
        assumeTrue(Files.exists(root.resolve(".git")), "not a git checkout");
        Processes.Exit log = Processes.capture(List.of("git", "-C", root.toString(), "log", "--format=%s",
                BEFORE_THE_RULE + "..HEAD"), Duration.ofMinutes(1));
        assumeTrue(log.status() == 0, "no history to read (a shallow clone?): " + log.output());
        List<String> over = new ArrayList<>();
        for (String subject : log.output()) {
            if (subject.length() > SUBJECT) {
                over.add(subject.length() + ": " + subject);
            }
        }
        assertEquals(List.of(), over, "commit subjects over " + SUBJECT + " characters");
    }
}
