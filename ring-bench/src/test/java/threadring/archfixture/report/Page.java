package threadring.archfixture.report;

import threadring.archfixture.data.Record;

/** Fixture: a report page reading a record, an import downward as the rules allow. */
public final class Page {
    public String render(Record r) {
        return r.toString();
    }
}
