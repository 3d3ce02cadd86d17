package threadring.archfixture.report;

/** Fixture: a section that names itself through the registry that lists it. */
public final class Section {
    String heading() {
        return Registry.name(this);
    }
}
