package threadring.bench.answer;

import java.util.ArrayList;
import java.util.List;
import threadring.bench.report.Doc;
import threadring.bench.report.Format;
import threadring.bench.stats.Stats;
import threadring.core.RingFactories;
import threadring.core.RingFactory;

/**
 * What the answer's words, marks and columns mean, said once: an id and its suffix, a tier and a
 * tie, an interval, a state and a main state, each flag, the long-warmed JVM, each floor (from the
 * registry) and the cost columns.
 */
public final class Glossary {

    /** The heading every "glossary" link of the answer goes to. */
    public static final String HEADING = "Glossary";

    private Glossary() {}

    /** The glossary's entries: a term in bold, then what it means. */
    public static List<String> entries() {
        List<String> out = new ArrayList<>(List.of(
                "**id**: `model/form`; a suffix names the scheduler: `-p1` one carrier or worker thread (`-p2` two), "
                        + "`-loop` the library's own one-thread event loop, `-loom` the library on virtual threads; none, "
                        + "the library's default on every cpu. `go/...` rows are Go's goroutines, references beside the JVM.",
                "**configuration**: a JDK and the cpus its JVMs may use, `jdk25-cpusall` for JDK 25 on every cpu.",
                "**[a–b]**: the 95% interval of a level or a ratio: where a re-run on this machine lands 95 times in "
                        + "100 (its forks' spread, the id's own move between runs and its class's run-to-run component).",
                "**tier**: forms best first; a tier ends where every form before the boundary is apart from every form "
                        + "after it (the slower's ratio excludes 1). Forms inside a tier are not ordered.",
                "**tie**: a group whose every ratio between two of them includes 1; a tier is not always a tie.",
                "**state**: a level a row's JVMs settle at; **main state**: its largest state of three JVMs or more "
                        + "holding at least half of them, the one its ratios and tier are taken on.",
                "**long-warmed JVM**: a row's first fork, warmed until it settles; later forks are warmed for the time "
                        + "it took.",
                "**baseline**: the form a workload's speed-ups are over (platform threads, or `virtual/scope` for "
                        + "Skynet); `1 (Go)`: Go's row, every other row's ratio to it beside.",
                "**at least**: a server whose load generator, not the server, was the limit: its level and its ratios "
                        + "over slower forms are lower bounds.",
                "**x ideal**: a fan-out's time over the ideal D + T x w / P (the delay, plus the tasks' work spread "
                        + "on every cpu).",
                "**costs a step**: *CPU ns* (all the JVM's threads), *cores busy* (CPU time over wall time), "
                        + "*switches* (OS context switches), *bytes* (allocated), from counters read between timed "
                        + "iterations, never a profiler."));
        for (Stats.Cause c : Stats.Cause.values()) {
            out.add("flag *" + c.label + "*: " + c.meaning + ".");
        }
        List<RingFactory> floors = RingFactories.load().all().stream().filter(f -> Format.model(f.id()).equals("floor"))
                .toList();
        if (!floors.isEmpty()) {
            out.add("**x floor**: a form's level over the floor row nearest its machinery, named in the cell (the same "
                    + "hand-off with no model's scheduler): " + String.join("; ", floors.stream()
                            .map(f -> Format.code(f.id()) + ", " + f.description()).toList()) + ".");
        }
        return out;
    }

    /** "## Glossary" and its entries. */
    public static void write(Doc doc) {
        doc.heading(2, HEADING);
        doc.bullets(entries());
    }
}
