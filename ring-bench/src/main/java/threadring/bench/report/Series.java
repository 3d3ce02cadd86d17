package threadring.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import threadring.bench.data.Configuration;
import threadring.bench.data.Job;
import threadring.bench.data.Measured;
import threadring.bench.data.Run;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.rerun.project.Reruns;
import threadring.bench.stats.RerunComponent;
import threadring.bench.stats.Stats;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.workloads.Workloads;

/**
 * One configuration (JDK and cpu set) in one series of a workload ({@link Size}): a table of its
 * own in the report, a series in a chart, a match in a comparison. Typed on its workload's size, so
 * that the workload's section reads its parameters without converting.
 */
public record Series<S extends Size>(Configuration config, S size) {

    /** One measured id of a series, with the statistics of its cost (ns per step, or per request). */
    public record Row(String configuration, Measured measured, Stats.Summary summary) {
        public String id() {
            return measured.id();
        }

        public String model() {
            return Format.model(id());
        }

        /** Steps per pass of JMH's passes (hops, values; 1 for an operation or a request). */
        int steps() {
            return measured.passes().map(p -> p.steps()).orElse(1);
        }
    }

    public String label() {
        return config.label();
    }

    @SuppressWarnings("unchecked") // a size's workload is the workload of its own type (Workload.sizeType)
    public Workload<S, ?> workload() {
        return (Workload<S, ?>) size.workload();
    }

    /** Whether {@code j} is a job of this series. */
    public boolean of(Job j) {
        return j.configuration().equals(label()) && j.size().equals(size);
    }

    /**
     * Its measured ids, fastest first, each row's intervals carrying its class's run-to-run component
     * and its id's spread of JVMs in earlier runs.
     */
    public List<Row> rows(Run run) {
        return rows(run, Reruns.of(run));
    }

    /** Its measured ids, fastest first, with the run-to-run components and ids' spreads of {@code rerun}. */
    public List<Row> rows(Run run, Rerun rerun) {
        return rows(run, id -> rerun.part(Rerun.key(workload().label(), Carriers.across(id, config)),
                Rerun.idKey(label(), size, id)));
    }

    /** Its measured ids, fastest first, every row's intervals carrying {@code part}. */
    public List<Row> rows(Run run, RerunComponent part) {
        return rows(run, id -> part);
    }

    private List<Row> rows(Run run, Function<String, RerunComponent> part) {
        return run.measured(label(), size).stream().filter(m -> m.score().nsPerStep().stream().anyMatch(f -> !f.isEmpty()))
                .map(m -> new Row(label(), m, m.score().cost(part.apply(m.id()))))
                .sorted(Comparator.comparingDouble(r -> r.summary().median())).toList();
    }

    /**
     * Every series of a run: per workload (ring, rendezvous, fan-out, echo server), per
     * configuration, each size it has a job for in order of the size's parameters.
     */
    public static List<Series<?>> of(Run run) {
        List<Series<?>> series = new ArrayList<>();
        for (Workload<?, ?> w : Workloads.ALL) {
            series.addAll(of(run, w));
        }
        return series;
    }

    /** The series of {@code w}, typed on its size: the one place a job's size becomes the workload's record. */
    public static <S extends Size> List<Series<S>> of(Run run, Workload<S, ?> w) {
        Comparator<Size> order = (a, b) -> {
            for (int i = 0; i < Math.min(a.key().size(), b.key().size()); i++) {
                int c = Integer.compare(a.key().get(i), b.key().get(i));
                if (c != 0) {
                    return c;
                }
            }
            return Integer.compare(a.key().size(), b.key().size());
        };
        List<Series<S>> series = new ArrayList<>();
        for (Configuration c : run.configurations()) {
            run.jobs(c.label()).stream().map(Job::size).filter(s -> s.workload() == w).distinct().sorted(order)
                    .forEach(size -> series.add(new Series<>(c, w.sizeType().cast(size))));
        }
        return series;
    }

    /** The series drawn on the main chart and tabled side by side: ns per step (the ring and the rendezvous). */
    public static List<Series<?>> steps(Run run) {
        return of(run).stream().filter(s -> s.size().scale() == Size.Scale.NS_PER_STEP).toList();
    }

    /** Every measured id, fastest first in the first series that has it. */
    public static List<String> ids(Run run) {
        List<String> ids = new ArrayList<>();
        for (Series<?> s : of(run)) {
            s.rows(run).stream().map(Row::id).filter(id -> !ids.contains(id)).forEach(ids::add);
        }
        return ids;
    }

    /** Every id measured in any of {@code series}, in their order. */
    public static List<String> ids(Run run, List<? extends Series<?>> series) {
        List<String> ids = new ArrayList<>();
        series.forEach(s -> s.rows(run).stream().map(Row::id).filter(id -> !ids.contains(id)).forEach(ids::add));
        return ids;
    }

    /** The row of {@code id} in this series, if measured. */
    public Optional<Row> row(Run run, String id) {
        return rows(run).stream().filter(r -> r.id().equals(id)).findFirst();
    }

    /** The row of {@code id} in this series with {@code part} as its run-to-run component, if measured. */
    public Optional<Row> row(Run run, String id, RerunComponent part) {
        return rows(run, part).stream().filter(r -> r.id().equals(id)).findFirst();
    }
}
