package threadring.archfixture.echo;

/** Fixture: one runner. */
public final class Load {
    public int connections() {
        return 1;
    }
}
