package threadring.archfixture.data;

/** Fixture: the data layer naming a class of the report layer in a string, where no import shows it. */
public final class Named {
    static final String PAGE = "threadring.archfixture.report.Page";
}
