package threadring.bench;

/** Bad command-line input: reported as one line and exit status 2, before anything is written. */
final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
