package threadring.bench.rerun.estimate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import threadring.bench.data.Json;
import threadring.bench.data.Run;
import threadring.bench.data.RunFile;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.rerun.project.Reruns;

/**
 * The project's default run-to-run components ({@link Reruns#OWN}) recomputed from the committed
 * sweeps they name: the rows' calibrated on the pairs of {@code sweeps}, the ratios' estimated on
 * {@code ratioSweeps}, newest first, as a sweep estimates its own from the runs before it.
 */
public final class ProjectReruns {

    /** The resource in the checkout, which {@code ./benchmark.sh docs} writes. */
    public static final String FILE = "ring-bench/src/main/resources" + Reruns.RESOURCE;

    private ProjectReruns() {}

    /** {@code named}'s components recomputed from its sweeps under {@code committed} (docs/results). */
    public static Reruns.Project of(Path committed, Reruns.Project named) throws IOException {
        Rerun rows = Rerun.calibrate(RerunPairs.of(read(committed, named.sweeps())), named.rows().source());
        List<Run> newestFirst = new ArrayList<>(read(committed, named.ratioSweeps()));
        Collections.reverse(newestFirst);
        return new Reruns.Project(named.sweeps(), rows, named.ratioSweeps(), RerunPairs.estimate(newestFirst).ratios());
    }

    /** The resource's text for {@code project}. */
    public static String json(Reruns.Project project) {
        return Json.GSON.toJson(project) + "\n";
    }

    private static List<Run> read(Path committed, List<String> ids) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (String id : ids) {
            runs.add(RunFile.read(committed.resolve(id)));
        }
        return runs;
    }
}
