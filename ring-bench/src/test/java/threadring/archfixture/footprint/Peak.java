package threadring.archfixture.footprint;

import threadring.archfixture.report.Section;

/** Fixture: a runner that asks the report's section for its input, which the unit rule forbids. */
public final class Peak {
    Section section;
}
