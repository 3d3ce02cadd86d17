package threadring.bench.plan;

import java.util.ArrayList;
import java.util.List;
import threadring.bench.data.Configuration;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.Settings;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * One job of a sweep: some ids of one model in one series ({@code size}) of a workload, at
 * {@code steps} steps per pass (null: each id's own, calibrated to the run's pass length; or none,
 * for the fan-out and the echo server). Typed on the kind of its size, once a runner has taken it
 * ({@link Runner#bind}).
 */
public record Plan<S extends Size>(String model, List<RingFactory> factories, S size, Integer steps) {

    public List<String> ids() {
        return factories.stream().map(RingFactory::id).toList();
    }

    public Workload<?, ?> workload() {
        return size.workload();
    }

    public Plan<S> with(List<RingFactory> others) {
        return new Plan<>(model, others, size, steps);
    }

    /** This plan as one of {@code kind}'s, which its size is (the runner's {@link Runner#bind} asks first). */
    public <T extends Size> Plan<T> as(Class<T> kind) {
        return new Plan<>(model, factories, kind.cast(size), steps);
    }

    /** The job's files' name, e.g. {@code virtual-auto-n503-t1-d0-w0}. */
    public String file() {
        return model + "-" + size.file(steps == null ? "auto" : String.valueOf(steps));
    }

    /** What the console says about this job. */
    public String describe() {
        return size.describe(steps == null ? "calibrated" : String.valueOf(steps));
    }

    /** A record of this job for run.json; {@code benchmark}: its runner's ({@link Runner#benchmark}). */
    public Job job(String benchmark, String label, List<String> ids, Job.Status status, String reason, Integer exit,
            List<Measured> results) {
        return new Job(label, benchmark, ids, size, steps, status, reason, exit, results);
    }

    /**
     * The plans of every workload of the settings, in order: per workload, per series, one per
     * model. Without {@code --include} or {@code --all}, each workload runs its default selection
     * ({@link RingFactory#inDefaultSweep}); a workload the default sweep leaves out, asked for by name,
     * has no selection of its own and runs all its ids.
     */
    public static List<Plan<?>> of(List<Catalog.Model> selected, Settings s) {
        boolean curated = s.selection().includes().isEmpty() && !s.selection().all();
        List<Plan<?>> plans = new ArrayList<>();
        for (Workload<?, ?> w : s.workloads()) {
            List<Catalog.Model> models = Catalog.runs(curated ? Catalog.inDefaultSweep(selected, w) : selected, w);
            if (curated && models.isEmpty()) {
                models = Catalog.runs(selected, w);
            }
            for (Size size : s.series(w)) {
                models.forEach(m -> plans.add(new Plan<>(m.name(), m.factories(), size, s.steps(size))));
            }
        }
        return plans;
    }

    /** The plan item of id {@code id} in series {@code p} of configuration {@code c}: what a shard is made of. */
    public static String key(Configuration c, Plan<?> p, String id) {
        return c.label() + "|" + p.file() + "|" + id;
    }
}
