package threadring.bench.report;

import java.util.List;
import java.util.ServiceLoader;
import threadring.bench.data.Run;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.workloads.Workloads;

/**
 * Every workload's report section, in the workloads' order: found with ServiceLoader (each
 * workload's package lists its section in {@code META-INF/services/threadring.bench.report.WorkloadSection},
 * beside its unit's line), so that the report names no workload.
 */
public final class Sections {

    /** Every section, one per registered workload. */
    public static final List<WorkloadSection<?>> ALL = load();

    private Sections() {}

    private static List<WorkloadSection<?>> load() {
        List<WorkloadSection<?>> found = ServiceLoader.load(WorkloadSection.class, Sections.class.getClassLoader())
                .stream().<WorkloadSection<?>>map(ServiceLoader.Provider::get).sorted((a, b) -> Workloads.ORDER.compare(a.workload(),
                        b.workload())).toList();
        for (Workload<?, ?> w : Workloads.ALL) {
            if (found.stream().filter(s -> s.workload().equals(w)).count() != 1) {
                throw new IllegalStateException("the report needs one section for the " + w.label() + " (META-INF/services/"
                        + WorkloadSection.class.getName() + "), found " + found.stream().filter(s -> s.workload()
                                .equals(w)).count());
            }
        }
        return found;
    }

    /** The section of {@code w}: typed on w's size, as the one section registered for w is. */
    @SuppressWarnings("unchecked") // load() keeps one section per workload, whose type is its workload's
    public static <S extends Size> WorkloadSection<S> of(Workload<S, ?> w) {
        return (WorkloadSection<S>) ALL.stream().filter(s -> s.workload().equals(w)).findFirst().orElseThrow();
    }

    /** The section of a series' workload. */
    public static <S extends Size> WorkloadSection<S> of(Series<S> s) {
        return of(s.workload());
    }

    /** The heading of a series, as its workload's section names it. */
    public static <S extends Size> String name(Run run, Series<S> s) {
        return of(s).name(run, s);
    }

    /** A series' section in the report, as its workload's section writes it. */
    public static <S extends Size> void write(Run run, Series<S> s, Doc doc) {
        of(s).series(run, s, doc);
    }

    /** The table a series' section adds after the answer's ({@link WorkloadSection#answerBeside}). */
    public static <S extends Size> void answerBeside(Run run, Series<S> s,
            List<Series.Row> forms, Doc doc) {
        of(s).answerBeside(run, s, forms, doc);
    }

    /** Steps a series' cost counters are divided by, as its workload's section says. */
    public static <S extends Size> double costPer(Series<S> s) {
        return of(s).costPer(s);
    }
}
