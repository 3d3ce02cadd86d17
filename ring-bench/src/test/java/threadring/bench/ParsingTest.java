package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The stack profiler's text, console.log and the history file. */
class ParsingTest {

    @Test
    void stackProfilerTextGivesTheHottestRunningFrames() {
        String text = RunFixture.stackOutput("b", "x/y", " 30.0%  75.0% a.B.c", " 10.0%  25.0% d.E.f");
        StackProfile p = StackProfile.parse(text);
        assertEquals(80.0, p.states.get("WAITING"));
        assertEquals(List.of(new StackProfile.Frame(30.0, 75.0, "a.B.c"), new StackProfile.Frame(10.0, 25.0, "d.E.f")),
                p.hot(3));
        assertEquals(1, p.hot(1).size());
        assertTrue(StackProfile.parse(null).hot(3).isEmpty());
        assertTrue(StackProfile.parse("garbage\n 1.0% 2.0% x").hot(3).isEmpty());
    }

    @Test
    void consoleLogIsSplitByProcessAndId() {
        List<String> lines = (RunFixture.stackOutput("b", "x/one", " 30.0%  75.0% a.B.c")
                + "# Parameters: (hops = 5, impl = x/two, nodes = 503)\n<failure>\n\njava.lang.AssertionError: boom\n"
                + "threadring: [jdk25-cpus0] java -jar b.jar -rf json -rff /r/jmh/jdk25-cpus0/Other.json\n"
                + "# Parameters: (hops = 5, impl = x/three, nodes = 503)\n"
                + "Exception in thread \"main\" java.lang.IllegalStateException: bad\n").lines().toList();
        List<String> all = new java.util.ArrayList<>();
        all.add("threadring: [jdk25-cpusall] taskset -c 0 java -jar b.jar -p impl=x/one -rf json -rff /r/jmh/jdk25-cpusall/B.json");
        all.addAll(lines);
        ConsoleLog log = ConsoleLog.parse(all);
        assertTrue(log.stack("jdk25-cpusall", "B.json", "x/one").orElseThrow().contains("75.0% a.B.c"));
        assertEquals(Optional.empty(), log.stack("jdk25-cpusall", "B.json", "x/two"));
        assertEquals(Optional.empty(), log.stack("jdk25-cpus0", "B.json", "x/one"));
        assertEquals(Optional.of("java.lang.AssertionError: boom"), log.error("jdk25-cpusall", "x/two"));
        assertEquals(Optional.of("Exception in thread \"main\" java.lang.IllegalStateException: bad"),
                log.error("jdk25-cpus0", "x/three"));
        assertEquals(Optional.empty(), log.error("jdk25-cpusall", "x/one"));
    }

    /** JMH can fail before any benchmark starts: the error is the process's, for each of its ids. */
    @Test
    void aProcessThatFailedBeforeItsFirstIdBlamesAllItsIds() {
        ConsoleLog log = ConsoleLog.parse(List.of(
                "threadring: [jdk25-cpusall] java -jar b.jar ^\\Qq.Q.pass\\E$ -p impl=quasar/fiber,quasar/actor -rf json -rff /r/Q.json",
                "ERROR: org.openjdk.jmh.runner.RunnerException: ERROR: Another JMH instance might be running.",
                "\tat org.openjdk.jmh.runner.Runner.run(Runner.java:210)",
                "threadring: QuasarBenchmark on jdk25-cpusall exited with status 1",
                "threadring: [jdk25-cpusall] java -jar b.jar ^\\Qt.T.pass\\E$ -p impl=threads/park -rf json -rff /r/T.json"));
        assertEquals(Optional.of("ERROR: org.openjdk.jmh.runner.RunnerException: ERROR: Another JMH instance might be running."),
                log.error("jdk25-cpusall", "quasar/actor"));
        assertEquals(Optional.empty(), log.error("jdk25-cpusall", "threads/park"));
    }

    @Test
    void historyHasTheSourcesAndThe2014Ratios() {
        History h = History.load();
        assertTrue(h.studies().containsAll(List.of("2014", "fiber-test-8u121", "fiber-test-8u60", "benchmarks-game-2018")),
                h.studies().toString());
        assertTrue(h.entries().stream().allMatch(e -> !e.source().isBlank() && e.hops() > 0 && e.avgMs() > 0));
        assertEquals(29.0, h.speedUp(h.forId(History.STUDY_2014, "quasar/fiber").orElseThrow()));
        assertEquals(23.0, h.speedUp(h.forId(History.STUDY_2014, "akka/classic").orElseThrow()));
        assertEquals(23.0, h.speedUp(h.forId(History.STUDY_2014, "akka/typed").orElseThrow()));
        assertEquals(13.0, h.speedUp(h.forId(History.STUDY_2014, "quasar/actor").orElseThrow()));
        assertEquals(1.0, h.speedUp(h.forId(History.STUDY_2014, "threads/park").orElseThrow()));
        assertTrue(h.forId(History.STUDY_2014, "virtual/park").isEmpty());
        // The Benchmarks Game's Java: 374 s for 5e7 hops = 7,480 ns/hop; Go 13.69 s -> 27.3x.
        History.Entry go = h.study("benchmarks-game-2018").stream().filter(e -> e.model().equals("Go")).findFirst()
                .orElseThrow();
        assertEquals(273.8, go.nsPerHop(), 1e-9);
        assertEquals(374_000 / 13_690.0, h.speedUp(go), 1e-9);
        assertEquals(List.of("a", "b,c", "d\"e", ""), History.cells("a,\"b,c\",\"d\"\"e\","));
    }
}
