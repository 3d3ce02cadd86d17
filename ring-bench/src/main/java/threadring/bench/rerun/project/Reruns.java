package threadring.bench.rerun.project;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import threadring.bench.data.Json;
import threadring.bench.data.Run;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.stats.RerunComponent;

/**
 * The run-to-run components a run's rows carry ({@link Rerun}): the ones it recorded (estimated
 * when it started from the earlier runs in its results folder, where there were enough), else
 * this project's default, estimated from its committed default sweeps. The default is a generated
 * resource ({@link #RESOURCE}): {@code ./benchmark.sh docs} writes it from the sweeps it names
 * ({@code rerun.ProjectReruns}), and RerunsTest recomputes it from those runs.
 */
public final class Reruns {

    /** Where the project's default components are kept, on the class path. */
    public static final String RESOURCE = "/threadring/bench/rerun/reruns.json";

    /**
     * The project's default: the rows' components ({@code rows}) from the default sweeps {@code sweeps},
     * the ratios' ({@code ratios}, by {@link Rerun#ratioKey}) from the same-settings default sweeps
     * {@code ratioSweeps}.
     */
    public record Project(List<String> sweeps, Rerun rows, List<String> ratioSweeps, Map<String, RerunComponent> ratios) {}

    /** The project's default, as the resource holds it. */
    public static final Project OWN = load();

    /** The committed default sweeps the rows' default is estimated from. */
    public static final List<String> SWEEPS = OWN.sweeps();
    /** The rows' default components. */
    public static final Rerun PROJECT = OWN.rows();
    /** The same-settings default sweeps the ratios' default is estimated from. */
    public static final List<String> RATIO_SWEEPS = OWN.ratioSweeps();
    /** The ratios' default components. */
    public static final Map<String, RerunComponent> PROJECT_RATIOS = OWN.ratios();

    private Reruns() {}

    private static Project load() {
        try (InputStream in = Reruns.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no " + RESOURCE + " on the class path");
            }
            return Json.GSON.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8), Project.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The ratio components of {@code run} ({@link threadring.bench.rerun.model.RatioRerun}): its own, else the project's. */
    public static Map<String, RerunComponent> ratios(Run run) {
        Rerun r = run.settings().scored().rerun();
        return r != null && r.ratios() != null ? r.ratios() : PROJECT_RATIOS;
    }

    /** The components of {@code run}: its own, else the project's. */
    public static Rerun of(Run run) {
        Rerun r = run.settings().scored().rerun();
        return r != null ? r : PROJECT;
    }
}
