package threadring.bench.options;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import threadring.bench.util.Converters;
import threadring.bench.util.UsageException;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * The workloads and their sizes, for {@code run} and {@code check}: which workloads
 * ({@code --workload}), the work per step some of them take ({@code --work}), and each workload's
 * own options ({@link WorkloadOptions}, one mixin each, added by {@link #add}). {@link #resolve}
 * turns them into every series of every workload asked for, with the command's defaults, and
 * refuses an option whose workload is not run.
 */
public final class SizeOptions {

    @Option(names = "--workload", paramLabel = "NAME", converter = Converters.WorkloadName.class,
            description = "A workload (list shows which ids run which); repeatable (default: run all but the ones a "
                    + "sweep leaves to be asked for, check the ring). The echo server needs wrk on PATH.")
    List<Workload<?, ?>> workloads = new ArrayList<>();

    @Option(names = "--work", paramLabel = "W", converter = Converters.NonNegative.class,
            description = "Blackhole.consumeCPU units per step of the workloads that take it (the ring: per hop; the "
                    + "fan-out: per task); repeat for one series per value (default 0; the jdk-dev thread's fan-out "
                    + "with work per task: --work 0 --work 1000).")
    List<Integer> works = new ArrayList<>();

    private final List<WorkloadOptions<?>> options = new ArrayList<>();

    /** A command with these options: it is given each workload's options as it is built ({@code Cli}). */
    public interface Holder {
        SizeOptions sizes();
    }

    /** Adds each workload's options to {@code command} as a mixin of its own, and to these. */
    public void add(CommandLine command, List<WorkloadOptions<?>> each) {
        for (WorkloadOptions<?> o : each) {
            command.getCommandSpec().addMixin(o.workload().label(), CommandLine.Model.CommandSpec.forAnnotatedObject(o));
            options.add(o);
        }
    }

    /** Every series of every workload asked for, in order, and the steps per pass fixed per workload. */
    public record Sizes(List<Workload<?, ?>> workloads, List<Size> series, Map<Workload<?, ?>, Integer> steps) {
        /** The series of {@code w}. */
        public List<Size> of(Workload<?, ?> w) {
            return series.stream().filter(s -> s.workload().equals(w)).toList();
        }
    }

    /**
     * The series the options ask for in {@code c}.
     *
     * @throws UsageException naming an option whose workload is not asked for, or a size the
     *     options cannot make
     */
    public Sizes resolve(Context c) {
        List<Workload<?, ?>> asked = workloads.isEmpty()
                ? options.stream().filter(o -> o.byDefault(c)).<Workload<?, ?>>map(WorkloadOptions::workload).toList()
                : workloads.stream().distinct().toList();
        for (WorkloadOptions<?> o : options) {
            if (!asked.contains(o.workload()) && !o.given().isEmpty()) {
                throw new UsageException(firstGiven(o) + " applies to the " + o.workload().title() + ": add "
                        + "--workload " + o.workload().label());
            }
        }
        List<WorkloadOptions<?>> takeWork = options.stream().filter(WorkloadOptions::takesWork).toList();
        if (!works.isEmpty() && takeWork.stream().noneMatch(o -> asked.contains(o.workload()))) {
            throw new UsageException("--work " + works.get(0) + " applies to the " + String.join(" and the ",
                    takeWork.stream().map(o -> o.workload().title()).toList()) + ": add --workload "
                    + String.join(" or --workload ", takeWork.stream().map(o -> o.workload().label()).toList()));
        }
        List<Size> series = new ArrayList<>();
        Map<Workload<?, ?>, Integer> steps = new LinkedHashMap<>();
        for (Workload<?, ?> w : asked) {
            WorkloadOptions<?> o = of(w);
            series.addAll(o.series(c, o.takesWork() ? works : List.of()));
            Integer s = o.steps(c);
            if (s != null) {
                steps.put(w, s);
            }
        }
        return new Sizes(asked, List.copyOf(series), steps);
    }

    /** The first option {@code o} was given, with its first value ({@code --connections 5}). */
    private static String firstGiven(WorkloadOptions<?> o) {
        String name = o.given().get(0);
        List<String> args = o.arguments();
        int at = args.indexOf(name);
        return at >= 0 && at + 1 < args.size() && !args.get(at + 1).startsWith("--") ? name + " " + args.get(at + 1) : name;
    }

    private WorkloadOptions<?> of(Workload<?, ?> w) {
        return options.stream().filter(o -> o.workload().equals(w)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no options for the " + w.label()));
    }

    /** The options given, by name (what {@code --soak} refuses, drawing its own). */
    public List<String> given() {
        List<String> given = new ArrayList<>();
        if (!workloads.isEmpty()) {
            given.add("--workload");
        }
        if (!works.isEmpty()) {
            given.add("--work");
        }
        options.forEach(o -> given.addAll(o.given()));
        return given;
    }

    /** The options given, as arguments again (a child JVM of the same command parses them to the same sizes). */
    public List<String> arguments() {
        List<String> args = new ArrayList<>();
        workloads.forEach(w -> args.addAll(List.of("--workload", w.label())));
        works.forEach(w -> args.addAll(List.of("--work", String.valueOf(w))));
        options.forEach(o -> args.addAll(o.arguments()));
        return args;
    }

    /** {@code option value} pairs of every value given, for {@link WorkloadOptions#arguments}. */
    public static List<String> repeat(String option, List<Integer> values) {
        List<String> args = new ArrayList<>();
        values.forEach(v -> args.addAll(List.of(option, String.valueOf(v))));
        return args;
    }

    /** {@code values}, or {@code otherwise} where none were given. */
    public static <T> List<T> or(List<T> values, List<T> otherwise) {
        return values.isEmpty() ? otherwise : values;
    }
}
