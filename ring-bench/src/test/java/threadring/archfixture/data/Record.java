package threadring.archfixture.data;

/** Fixture: a record type at the bottom, which must import nothing above it. */
public final class Record {
    @Override
    public String toString() {
        return "record";
    }
}
