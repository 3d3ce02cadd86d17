package threadring.bench.util;

/** Bad command-line input: reported as one line and exit status 2, before anything is written. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
