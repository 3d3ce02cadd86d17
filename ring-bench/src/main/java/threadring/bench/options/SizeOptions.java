package threadring.bench.options;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import threadring.bench.util.Converters;
import threadring.bench.util.UsageException;
import threadring.core.Workload;
import threadring.core.Workload.Size;

/**
 * The workloads and their sizes, declared once for {@code run} and {@code check} (and through
 * {@link NodesOption} for {@code footprint}): which workloads, the ring's nodes, tokens, depth,
 * work and hops, the rendezvous's values, the fan-out's tasks, delay and work, the echo server's
 * connections. Each list option makes one series per value; {@link #resolve} turns them into
 * every series of every workload, with the command's defaults, and refuses an option whose
 * workload is not run.
 */
public final class SizeOptions {

    @Option(names = "--workload", paramLabel = "NAME", converter = Converters.WorkloadName.class,
            description = "ring, rendezvous, fanout or echo; repeatable (default: run all four, check ring). Each runs "
                    + "the ids that have it (list marks them); echo needs wrk on PATH.")
    List<Workload> workloads = new ArrayList<>();

    @Mixin
    NodesOption nodes = new NodesOption();

    @Option(names = "--tokens", paramLabel = "T", converter = Converters.Positive.class,
            description = "Ring: tokens in flight (1 <= T < nodes); repeat for one series per value (default 1).")
    List<Integer> tokens = new ArrayList<>();

    @Option(names = "--depth", paramLabel = "D", converter = Converters.NonNegative.class,
            description = "Ring: frames each node waits below its loop; repeat for one series per value (default 0).")
    List<Integer> depths = new ArrayList<>();

    @Option(names = "--work", paramLabel = "W", converter = Converters.NonNegative.class,
            description = "Blackhole.consumeCPU units per hop (ring) and per task (fan-out); repeat for one series per "
                    + "value (default 0; the jdk-dev thread's fan-out with work per task: --work 0 --work 1000).")
    List<Integer> works = new ArrayList<>();

    @Option(names = "--hops", paramLabel = "H", converter = Converters.Positive.class,
            description = "Ring: hops per pass for every id (run: each id's own, calibrated to --pass-ms, or the "
                    + "environment variable ringSize if set; check: 1000000; JMH by hand: 10^7).")
    Integer hops;

    @Option(names = "--values", paramLabel = "M", converter = Converters.Positive.class,
            description = "Rendezvous: values per exchange for every id (run: each id's own, calibrated to "
                    + "--pass-ms; check: 1000000; JMH by hand: 10^7).")
    Integer values;

    @Option(names = "--tasks", paramLabel = "T", converter = Converters.NonNegative.class,
            description = "Fan-out: tasks per operation; repeat for one series per value (default 100000).")
    List<Integer> tasks = new ArrayList<>();

    @Option(names = "--delay-ms", paramLabel = "D", converter = Converters.DelayMs.class,
            description = "Fan-out: each task's wait in milliseconds; repeat for one series per value (default 100).")
    List<Integer> delaysMs = new ArrayList<>();

    @Option(names = "--connections", paramLabel = "C", converter = Converters.Positive.class,
            description = "Echo server: connections open at once; repeat for one series per value (default: run 1000, "
                    + "check 10). Needs ulimit -n above C.")
    List<Integer> connections = new ArrayList<>();

    @Option(names = "--wait-ms", paramLabel = "D", converter = Converters.NonNegative.class,
            description = "Echo server: each request waits D ms, the model's way, before its answer; repeat for one "
                    + "series per value (default 0: answered at once). Its ideal is C / D requests/s.")
    List<Integer> waitsMs = new ArrayList<>();

    /**
     * A command's defaults: its workloads, ring sizes, hops and values per pass (null: calibrated),
     * the fan-out's work per task and the echo server's connections.
     */
    public record Defaults(List<Workload> workloads, List<Integer> nodes, Integer hops, Integer values,
            List<Integer> fanOutWorks, List<Integer> connections) {}

    /** Every series of every workload asked for, in order, and the steps per pass fixed per workload. */
    public record Sizes(List<Workload> workloads, List<Size> series, Map<Workload, Integer> steps) {
        /** The series of {@code w}. */
        public List<Size> of(Workload w) {
            return series.stream().filter(s -> s.workload() == w).toList();
        }
    }

    /**
     * The series the options ask for with {@code d} as defaults.
     *
     * @throws UsageException naming an option whose workload is not asked for, or a ring the
     *     options cannot make (tokens not below nodes)
     */
    public Sizes resolve(Defaults d) {
        List<Workload> asked = workloads.isEmpty() ? d.workloads() : workloads.stream().distinct().toList();
        refuse(asked, Workload.RING, "--tokens", first(tokens), "--depth", first(depths), "--hops", hops);
        if (!asked.contains(Workload.RING)) {
            refuse(asked, Workload.RING, "--nodes", first(nodes.orElse(List.of())));
        }
        refuse(asked, Workload.RENDEZVOUS, "--values", values);
        refuse(asked, Workload.FANOUT, "--tasks", first(tasks), "--delay-ms", first(delaysMs));
        refuse(asked, Workload.ECHO, "--connections", first(connections), "--wait-ms", first(waitsMs));
        if (!works.isEmpty() && !asked.contains(Workload.RING) && !asked.contains(Workload.FANOUT)) {
            throw new UsageException("--work " + works.get(0) + " applies to the ring and the fan-out: add "
                    + "--workload ring or --workload fanout");
        }
        List<Size> series = new ArrayList<>();
        for (Workload w : asked) {
            series.addAll(switch (w) {
                case RING -> rings(d);
                case RENDEZVOUS -> List.of(new Size.Rendezvous());
                case FANOUT -> fanOuts(d);
                case ECHO -> echoes(d);
            });
        }
        Map<Workload, Integer> steps = new LinkedHashMap<>();
        Integer h = hops != null ? hops : d.hops();
        Integer v = values != null ? values : d.values();
        if (h != null && asked.contains(Workload.RING)) {
            steps.put(Workload.RING, h);
        }
        if (v != null && asked.contains(Workload.RENDEZVOUS)) {
            steps.put(Workload.RENDEZVOUS, v);
        }
        return new Sizes(asked, List.copyOf(series), steps);
    }

    private List<Size> rings(Defaults d) {
        List<Size> rings = new ArrayList<>();
        for (int n : nodes.orElse(d.nodes())) {
            for (int t : or(tokens, List.of(1))) {
                for (int depth : or(depths, List.of(0))) {
                    for (int w : or(works, List.of(0))) {
                        rings.add(ring(n, t, depth, w));
                    }
                }
            }
        }
        return rings;
    }

    private List<Size> fanOuts(Defaults d) {
        List<Size> fanOuts = new ArrayList<>();
        for (int t : or(tasks, List.of(threadring.core.FanOut.DEFAULT_TASKS))) {
            for (int delay : or(delaysMs, List.of(threadring.core.FanOut.DEFAULT_DELAY_MS))) {
                for (int w : or(works, d.fanOutWorks())) {
                    fanOuts.add(new Size.FanOut(t, delay, w));
                }
            }
        }
        return fanOuts;
    }

    private List<Size> echoes(Defaults d) {
        List<Size> echoes = new ArrayList<>();
        for (int c : or(connections, d.connections())) {
            for (int wait : or(waitsMs, List.of(0))) {
                try {
                    echoes.add(new Size.Echo(c, wait));
                } catch (IllegalArgumentException e) {
                    throw new UsageException("--" + e.getMessage().replace("wait_ms", "wait-ms"));
                }
            }
        }
        return echoes;
    }

    /** A ring of these options; a combination the ring refuses is a usage error naming the option. */
    static Size.Ring ring(int nodes, int tokens, int depth, int work) {
        try {
            return new Size.Ring(nodes, tokens, depth, work);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--" + e.getMessage());
        }
    }

    /** The options given, by name (what {@code --soak} refuses, drawing its own). */
    public List<String> given() {
        List<String> given = new ArrayList<>();
        add(given, "--workload", !workloads.isEmpty());
        add(given, "--nodes", nodes.given());
        add(given, "--tokens", !tokens.isEmpty());
        add(given, "--depth", !depths.isEmpty());
        add(given, "--work", !works.isEmpty());
        add(given, "--hops", hops != null);
        add(given, "--values", values != null);
        add(given, "--tasks", !tasks.isEmpty());
        add(given, "--delay-ms", !delaysMs.isEmpty());
        add(given, "--connections", !connections.isEmpty());
        add(given, "--wait-ms", !waitsMs.isEmpty());
        return given;
    }

    /** The options given, as arguments again (a child JVM of the same command parses them to the same sizes). */
    public List<String> arguments() {
        List<String> args = new ArrayList<>();
        workloads.forEach(w -> args.addAll(List.of("--workload", w.label())));
        nodes.orElse(List.of()).forEach(n -> args.addAll(List.of("--nodes", String.valueOf(n))));
        repeat(args, "--tokens", tokens);
        repeat(args, "--depth", depths);
        repeat(args, "--work", works);
        repeat(args, "--hops", hops == null ? List.of() : List.of(hops));
        repeat(args, "--values", values == null ? List.of() : List.of(values));
        repeat(args, "--tasks", tasks);
        repeat(args, "--delay-ms", delaysMs);
        repeat(args, "--connections", connections);
        repeat(args, "--wait-ms", waitsMs);
        return args;
    }

    private static void repeat(List<String> args, String option, List<Integer> values) {
        values.forEach(v -> args.addAll(List.of(option, String.valueOf(v))));
    }

    private static void add(List<String> given, String option, boolean present) {
        if (present) {
            given.add(option);
        }
    }

    /** Name-value pairs of {@code w}'s options: the first one given fails when {@code w} is not asked for. */
    private static void refuse(List<Workload> asked, Workload w, Object... optionValues) {
        if (asked.contains(w)) {
            return;
        }
        for (int i = 0; i < optionValues.length; i += 2) {
            if (optionValues[i + 1] != null) {
                throw new UsageException(optionValues[i] + " " + optionValues[i + 1] + " applies to the " + w.title()
                        + ": add --workload " + w.label());
            }
        }
    }

    private static Integer first(List<Integer> values) {
        return values.isEmpty() ? null : values.get(0);
    }

    private static List<Integer> or(List<Integer> given, List<Integer> absent) {
        return given.isEmpty() ? absent : given.stream().distinct().toList();
    }
}
