package threadring.bench.data;

/**
 * A kind of {@link Score} a runner brings (the echo server's repetitions), found by ServiceLoader
 * ({@code META-INF/services/threadring.bench.data.ScoreKind}): its tag in run.json's {@code kind}
 * and its record, so that run.json is written and read with the runner's own type, which this
 * package does not name.
 */
public interface ScoreKind {

    /** Its tag in run.json ({@code echo}): never changed once written, or older runs stop reading. */
    String name();

    /** The record it is written and read as. */
    Class<? extends Score> type();
}
