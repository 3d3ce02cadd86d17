package threadring.archfixture.data;

import threadring.archfixture.report.Page;

/** Fixture: a class of the data layer importing the report layer above it, the import the rules forbid. */
public final class Upward {
    public String show() {
        return new Page().render(new Record());
    }
}
