package threadring.bench.report;

import java.util.List;
import java.util.ServiceLoader;
import threadring.bench.data.Run;
import threadring.bench.options.SizeOptions;
import threadring.core.Size;
import threadring.core.Workload;
import threadring.core.workloads.Workloads;

/**
 * Every workload's report section, in the workloads' order: found with ServiceLoader (each
 * workload's package lists its section in {@code META-INF/services/threadring.bench.report.WorkloadSection},
 * the runner's one registration of a workload), so that the report names no workload.
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

    /**
     * Gives each command of {@code c} that takes the workloads' sizes ({@link SizeOptions.Holder}:
     * run, check) every workload's options, a mixin of its own; returns {@code c}. The command line
     * and a check's child JVM both build theirs with it, so a child parses what its parent was given.
     */
    public static picocli.CommandLine withOptions(picocli.CommandLine c) {
        if (c.getCommand() instanceof SizeOptions.Holder h) {
            h.sizes().add(c, ALL.stream().map(WorkloadSection::options).toList());
        }
        c.getSubcommands().values().forEach(Sections::withOptions);
        return c;
    }

    /** The workloads {@code run} sweeps when none is named (a workload left to be asked for is not among them). */
    public static List<Workload<?, ?>> swept() {
        threadring.bench.options.Context sweep = new threadring.bench.options.Context(false, false, false, java.util.Map.of());
        return ALL.stream().map(WorkloadSection::options).filter(o -> o.byDefault(sweep))
                .<Workload<?, ?>>map(threadring.bench.options.WorkloadOptions::workload).toList();
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
