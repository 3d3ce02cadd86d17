package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareTest {

    @TempDir
    Path results;

    Path runA() throws IOException {
        RunFixture a = new RunFixture(results.resolve("20260101-000000")).env("20260101-000000", "[]", "jdk25-cpusall");
        a.jmh("jdk25-cpusall", "V.json",
                ReportTest.result("v.V.pass", "virtual/park", 1000, 2, 2, 2),      // 2000 ± 100 ns/hop
                ReportTest.result("v.V.pass", "virtual/lock", 1000, 4, 4, 4),      // 4000 ± 200
                ReportTest.result("v.V.pass", "virtual/sync", 1000, 8, 8),         // no CI
                ReportTest.result("v.V.pass", "virtual/spin", 1000, 9, 9, 9));     // only in A
        return a.run;
    }

    Path runB() throws IOException {
        RunFixture b = new RunFixture(results.resolve("20260102-000000")).env("20260102-000000", "[]", "jdk25-cpusall",
                "jdk25-cpus0");
        b.jmh("jdk25-cpusall", "V.json",
                ReportTest.result("v.V.pass", "virtual/park", 1000, 1, 1, 1),      // 1000 ± 50: faster, no overlap
                ReportTest.result("v.V.pass", "virtual/lock", 1000, 4.2, 4.2, 4.2), // 4200 ± 210: overlaps
                ReportTest.result("v.V.pass", "virtual/sync", 1000, 4, 4, 4),
                ReportTest.result("v.V.pass", "virtual/queue", 1000, 3, 3, 3));   // only in B
        b.jmh("jdk25-cpus0", "V.json", ReportTest.result("v.V.pass", "virtual/park", 1000, 1, 1, 1));
        return b.run;
    }

    @Test
    void ratiosAndTheNoiseFlag() throws IOException {
        Path a = runA();
        Path b = runB();
        Path written = Compare.write(a, b);
        assertEquals(b.resolve("compare-20260101-000000.md"), written);
        String md = Files.readString(written);
        assertTrue(md.contains("| virtual/park | 2,000.0 ± 100.0 | 1,000.0 ± 50.0 | 0.50 | B faster |"), md);
        assertTrue(md.contains("| virtual/lock | 4,000.0 ± 200.0 | 4,200.0 ± 210.0 | 1.05 | within noise |"), md);
        assertTrue(md.contains("| virtual/sync | 8,000.0 ± n/a | 4,000.0 ± 200.0 | 0.50 | within noise |"), md);
        assertTrue(md.contains("- only in A: virtual/spin"), md);
        assertTrue(md.contains("- only in B: virtual/queue"), md);
        assertTrue(md.contains("- only in B: jdk25-cpus0 (1 ids)"), md);
        assertTrue(Files.notExists(a.resolve("compare-20260102-000000.md")), "run A must not be written to");
    }

    @Test
    void slowerOutsideTheNoiseIsSaid() throws IOException {
        String md = Compare.render(RunData.load(runB()), RunData.load(runA()));
        assertTrue(md.contains("| virtual/park | 1,000.0 ± 50.0 | 2,000.0 ± 100.0 | 2.00 | B slower |"), md);
    }

    @Test
    void runsAreDirectoriesIdsOrLatest() throws IOException {
        Path a = runA();
        Path b = runB();
        Files.createSymbolicLink(results.resolve("latest"), b.getFileName());
        assertEquals(a.toRealPath(), Compare.resolve("compare", "20260101-000000", results));
        assertEquals(a.toRealPath(), Compare.resolve("compare", a.toString(), results));
        assertEquals(b.toRealPath(), Compare.resolve("compare", "latest", results));
        String error = assertThrows(UsageException.class, () -> Compare.resolve("compare", "nope", results)).getMessage();
        assertTrue(error.startsWith("compare: 'nope' is neither a run directory"), error);
    }

    @Test
    void badArgumentsAreOneLineAndExitTwo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream old = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            assertEquals(2, Cli.run(List.of("compare", "only-one"), System.out));
            assertEquals(2, Cli.run(List.of("compare", "/nonexistent/a", "/nonexistent/b"), System.out));
        } finally {
            System.setErr(old);
        }
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("compare needs two runs"), lines.get(0));
        assertTrue(lines.get(1).contains("'/nonexistent/a' is neither a run directory"), lines.get(1));
    }

    /** Two runs on different JDKs (one configuration each) are compared with each other. */
    @Test
    void singleConfigurationsWithDifferentLabelsAreMatched() throws IOException {
        RunFixture a = new RunFixture(results.resolve("a")).env("a", "[]", "jdk17-cpusall");
        a.jmh("jdk17-cpusall", "V.json", ReportTest.result("v.V.pass", "akka/typed", 1000, 2, 2, 2));
        RunFixture b = new RunFixture(results.resolve("b")).env("b", "[]", "jdk25-cpusall");
        b.jmh("jdk25-cpusall", "V.json", ReportTest.result("v.V.pass", "akka/typed", 1000, 1, 1, 1));
        String md = Compare.render(RunData.load(a.run), RunData.load(b.run));
        assertTrue(md.contains("## jdk17-cpusall (A) vs jdk25-cpusall (B)"), md);
        assertTrue(md.contains("| akka/typed | 2,000.0 ± 100.0 | 1,000.0 ± 50.0 | 0.50 | B faster |"), md);
        assertFalse(md.contains("only in"), md);
    }
}
