package threadring.archfixture.util;

import threadring.archfixture.data.Record;

/** Fixture: util (the bottom) reading data, which with {@code Upward} and {@code Page} closes no cycle but runs up. */
public final class Loop {
    public Record make() {
        return new Record();
    }
}
