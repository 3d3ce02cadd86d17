package threadring.bench.cli;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import threadring.bench.compare.AgreementTest;
import threadring.bench.data.RunFile;

/**
 * The default sweep the README quotes (57 ids and series, default settings) carries JMH's own
 * jmh-result.json, and every scored id's rawData in it equals run.json's iterations.
 */
class PublishedRunTest {

    @Test
    void theReadmesDefaultSweepHasJmhResultsMatchingItsRunJson() throws IOException {
        BenchmarksJarIT.assertJmhResultsMatchRunJson(AgreementTest.DEFAULT, RunFile.read(AgreementTest.DEFAULT));
    }
}
