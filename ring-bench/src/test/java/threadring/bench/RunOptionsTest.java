package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunOptionsTest {

    static final List<Integer> CPUS = List.of(0, 1);
    static final Path RESULTS = Path.of("/tmp/results");

    static RunOptions parse(Map<String, String> env, String... args) {
        return RunOptions.parse(List.of(args), env, CPUS, RESULTS);
    }

    static String error(Map<String, String> env, String... args) {
        return assertThrows(UsageException.class, () -> parse(env, args)).getMessage();
    }

    @Test
    void defaultsLeaveTheWorkloadToTheBenchmarks() {
        RunOptions o = parse(Map.of());
        assertNull(o.nodes);
        assertNull(o.hops);
        assertTrue(o.cpus.isEmpty());
        assertEquals(List.of(), o.jmhArgs());
        assertEquals(RESULTS, o.results);
    }

    @Test
    void optionsBecomeJmhArguments() {
        RunOptions o = parse(Map.of(), "--nodes", "7", "--hops", "1000", "--forks", "2", "--warmups", "0",
                "--iterations", "3", "--include", "virtual/park", "--include", "^threads/", "--cpus", "0", "--cpus", "0-1");
        assertEquals(List.of("-p", "nodes=7", "-p", "hops=1000", "-f", "2", "-wi", "0", "-i", "3"), o.jmhArgs());
        assertEquals(List.of("virtual/park", "^threads/"), o.includes);
        assertEquals(List.of("0", "0-1"), o.cpus);
    }

    @Test
    void quickIsShortUnlessTold() {
        assertEquals(List.of("-p", "hops=100000", "-f", "1", "-wi", "1", "-i", "2"), parse(Map.of(), "--quick").jmhArgs());
        assertEquals(List.of("-p", "hops=5000", "-f", "1", "-wi", "1", "-i", "4"),
                parse(Map.of(), "--quick", "--hops", "5000", "--iterations", "4").jmhArgs());
    }

    @Test
    void the2014EnvironmentVariablesStillWork() {
        RunOptions o = parse(Map.of("workerCount", "101", "ringSize", "5000", "cpuList", "0 0-1"));
        assertEquals(101, o.nodes);
        assertEquals(5000, o.hops);
        assertEquals(List.of("0", "0-1"), o.cpus);
        RunOptions overridden = parse(Map.of("workerCount", "101", "cpuList", "0"), "--nodes", "3", "--cpus", "1");
        assertEquals(3, overridden.nodes);
        assertEquals(List.of("1"), overridden.cpus);
    }

    @Test
    void profilesDefaultToStackAndGcAndNoneTurnsThemOff() {
        assertEquals(List.of("stack", "gc"), parse(Map.of()).profiles);
        assertEquals(List.of(), parse(Map.of(), "--profile", "none").profiles);
        assertEquals(List.of("gc", "async"), parse(Map.of(), "--profile", "gc", "--profile", "async", "--profile", "gc").profiles);
        assertEquals(List.of("jfr", "stack"), parse(Map.of(), "--profile", "JFR", "--profile", "stack").profiles);
        assertEquals("--profile must be one of stack, gc, jfr, async or none, was 'perfasm'",
                error(Map.of(), "--profile", "perfasm"));
        assertEquals("--profile needs a value", error(Map.of(), "--profile"));
        assertEquals("--profile none cannot be combined with other profilers, got [none, gc]",
                error(Map.of(), "--profile", "none", "--profile", "gc"));
    }

    @Test
    void profilersBecomeJmhProfArguments() {
        Path run = Path.of("/r/run");
        assertEquals(List.of("-prof", "stack:period=100", "-prof", "gc"),
                Profilers.jmhArgs(List.of("stack", "gc"), run, "jdk25-cpusall", null));
        assertEquals(List.of("-prof", "jfr:dir=/r/run/jfr/jdk25-cpus0", "-prof",
                        "async:libPath=/tmp/lib.so;output=flamegraph;dir=/r/run/async/jdk25-cpus0;event=cpu"),
                Profilers.jmhArgs(List.of("jfr", "async"), run, "jdk25-cpus0", Path.of("/tmp/lib.so")));
        assertEquals(List.of(), Profilers.jmhArgs(List.of("async"), run, "jdk25-cpus0", null));
        assertEquals("linux-x64/libasyncProfiler.so", Profilers.asyncResource("Linux", "amd64"));
        assertEquals("linux-arm64/libasyncProfiler.so", Profilers.asyncResource("Linux", "aarch64"));
        assertNull(Profilers.asyncResource("Mac OS X", "aarch64"));
        assertNull(Profilers.asyncResource("Linux", "ppc64le"));
        assertEquals("[ERROR] Perf events unavailable", Profilers.problem("x\n[ERROR] Perf events unavailable\n"));
        assertNull(Profilers.problem("openjdk version \"25\"\n[WARN] Kernel symbols are unavailable"));
    }

    @Test
    void badValuesNameTheOptionAndTheValue() {
        assertEquals("--nodes must be an integer >= 2, was '1'", error(Map.of(), "--nodes", "1"));
        assertEquals("--hops must be an integer >= 0, was '-3'", error(Map.of(), "--hops", "-3"));
        assertEquals("--hops must be an integer >= 0, was '1e7'", error(Map.of(), "--hops", "1e7"));
        assertEquals("--forks must be an integer >= 1, was '0'", error(Map.of(), "--forks", "0"));
        assertEquals("--iterations needs a value", error(Map.of(), "--iterations"));
        assertEquals("unknown option '--hop' (see -h)", error(Map.of(), "--hop", "5"));
        assertTrue(error(Map.of(), "--include", "(").startsWith("--include is not a valid regular expression: '('"));
        assertEquals("--cpus must be a cpu list like 0 or 0-1 or 0,2-3, was 'all'", error(Map.of(), "--cpus", "all"));
        assertEquals("--cpus names cpu 2, which is not online (online: [0, 1])", error(Map.of(), "--cpus", "0-7"));
        assertEquals("--cpus has a reversed range '1-0' in '1-0'", error(Map.of(), "--cpus", "1-0"));
        assertEquals("--jdk must be a JDK home containing bin/java, was '/nonexistent'", error(Map.of(), "--jdk", "/nonexistent"));
        assertEquals("workerCount must be an integer >= 2, was 'x'", error(Map.of("workerCount", "x")));
        assertEquals("ringSize must be an integer >= 0, was '-1'", error(Map.of("ringSize", "-1")));
        assertEquals("cpuList names cpu 9, which is not online (online: [0, 1])", error(Map.of("cpuList", "0 9")));
    }
}
