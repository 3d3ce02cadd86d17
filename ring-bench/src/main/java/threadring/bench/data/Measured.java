package threadring.bench.data;

import java.util.Optional;

/**
 * One id in one job: its {@link Score}, the separate profiling pass (null without one), or why it
 * failed ({@code score} null), or why it cannot run here at all ({@code limit}: a limit of the
 * machine or of the JDK, such as more OS threads than the kernel allows, or JDK 21 pinning a
 * virtual thread's carrier; not a failure of the suite).
 */
public record Measured(String id, Score score, Profile profile, String error, String limit) {

    /** An id's score, before any profiling pass. */
    public static Measured scored(String id, Score score) {
        return new Measured(id, score, null, null, null);
    }

    public static Measured failed(String id, String error) {
        return new Measured(id, null, null, error, null);
    }

    /** An id that cannot run here, and why: a result, not a failure. */
    public static Measured limited(String id, String why) {
        return new Measured(id, null, null, null, why);
    }

    public Measured withProfile(Profile p) {
        return new Measured(id, score, p, error, limit);
    }

    /** Whether it has a result. */
    public boolean measured() {
        return score != null;
    }

    /** The JMH passes, if that is what it measured. */
    public Optional<Score.Passes> passes() {
        return score instanceof Score.Passes p ? Optional.of(p) : Optional.empty();
    }

    /** Its score as a {@code kind} (a runner's own record, such as the echo server's), if that is what it measured. */
    public <T extends Score> Optional<T> score(Class<T> kind) {
        return kind.isInstance(score) ? Optional.of(kind.cast(score)) : Optional.empty();
    }
}
