package threadring.bench.data;

/**
 * One id in one job: its {@link Score}, the separate profiling pass (null without one), or why it
 * failed ({@code score} null).
 */
public record Measured(String id, Score score, Profile profile, String error) {

    public static Measured failed(String id, String error) {
        return new Measured(id, null, null, error);
    }

    public Measured withProfile(Profile p) {
        return new Measured(id, score, p, error);
    }

    /** Whether it has a result. */
    public boolean measured() {
        return score != null;
    }

    /** The JMH passes, if that is what it measured. */
    public Score.Passes passes() {
        return score instanceof Score.Passes p ? p : null;
    }

    /** The echo server's repetitions, if that is what it measured. */
    public Score.Echo echo() {
        return score instanceof Score.Echo e ? e : null;
    }
}
