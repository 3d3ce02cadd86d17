package threadring.core;

/** A run that answered wrong (a ring that ended at the wrong node, a sum that is off, an echo that differs): it never reports a time. */
public final class WrongAnswerException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public WrongAnswerException(String message) {
        super(message);
    }
}
