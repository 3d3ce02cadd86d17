package threadring.archfixture.stray;

/** Fixture: a package in no layer, which the layer rule must name. */
public final class Lost {
    @Override
    public String toString() {
        return "lost";
    }
}
