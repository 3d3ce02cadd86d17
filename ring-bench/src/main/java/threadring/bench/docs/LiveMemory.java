package threadring.bench.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import threadring.bench.data.FootprintRun;
import threadring.bench.data.Json;
import threadring.bench.report.Format;
import threadring.bench.report.Text;

/**
 * The memory a waiting task holds, from the newest committed footprint run of live fan-out tasks that
 * measured Go beside the JVM models ({@code ./benchmark.sh footprint --tasks N}): each id's heap and
 * native bytes per task at the run's largest size, in a plain JVM (no flag beside).
 */
public record LiveMemory(FootprintRun run, int tasks, List<FootprintRun.Measurement> measured) {

    /** The fewest ids a run must have measured at its largest size to speak for the models. */
    static final int FEWEST = 5;

    /** The newest such run under {@code committed}, or empty. */
    public static Optional<LiveMemory> newest(Path committed) throws IOException {
        List<Path> dirs;
        try (var s = Files.list(committed)) {
            dirs = s.filter(d -> Files.isRegularFile(d.resolve(FootprintRun.FILE)))
                    .sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed()).toList();
        }
        for (Path d : dirs) {
            FootprintRun run = Json.read(d.resolve(FootprintRun.FILE), FootprintRun.class);
            if (!run.liveTasks() || run.peaks()) {
                continue;
            }
            int largest = run.nodes().stream().mapToInt(Integer::intValue).max().orElse(0);
            List<FootprintRun.Measurement> at = run.measurements().stream().filter(m -> m.nodes() == largest
                    && m.jvmArgs() == null && m.totalBytesPerNode() != null)
                    .sorted(Comparator.comparingDouble(FootprintRun.Measurement::totalBytesPerNode)).toList();
            if (at.size() >= FEWEST && at.stream().anyMatch(m -> m.id().startsWith("go/"))) {
                return Optional.of(new LiveMemory(run, largest, at));
            }
        }
        return Optional.empty();
    }

    /** What to show of an id: the least, virtual threads', Go's and the most, in that order of bytes. */
    List<FootprintRun.Measurement> shown() {
        return measured.stream().filter(m -> m == measured.get(0) || m == measured.get(measured.size() - 1)
                || m.id().startsWith("virtual/") || m.id().startsWith("go/")).toList();
    }

    private Text each(Text t) {
        List<FootprintRun.Measurement> shown = shown();
        for (int i = 0; i < shown.size(); i++) {
            FootprintRun.Measurement m = shown.get(i);
            t.words(i == 0 ? "" : " · ").code(m.id()).words(" ").number(Format.count(m.totalBytesPerNode()),
                    m.totalBytesPerNode()).words(" B");
        }
        return t;
    }

    /** The first screen's line, linking the run's report at {@code link}. */
    public Text line(String link) {
        Text t = new Text().words("Memory a waiting task holds (").number(Format.count(tasks), tasks)
                .words(" asleep at once, heap and native): ");
        return each(t).words(" → ").name("[run " + run.runId() + "](" + link + ")");
    }

    /** The job line of "which model for which job". */
    public Text job() {
        return each(new Text().words("**Many tasks alive at once** (memory, ").number(Format.count(tasks), tasks)
                .words(" asleep): ")).words(".");
    }
}
