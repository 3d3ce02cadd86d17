package threadring.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import threadring.core.FanOutBenchmark;
import threadring.core.RendezvousBenchmark;
import threadring.core.RingBenchmark;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Workload;

/**
 * What the sweep can measure: one JMH benchmark per workload, {@link RingBenchmark#pass},
 * {@link RendezvousBenchmark#exchange} and {@link FanOutBenchmark#run}, run once per registered
 * implementation id that runs the workload (its
 * {@code impl} parameter), the ids grouped by model (the module: the part of the id before '/')
 * so that each model runs in a JMH child of its own.
 */
final class Catalog {

    /** The JMH benchmark of the ring, which every id runs. */
    static final String BENCHMARK = RingBenchmark.class.getName() + ".pass";
    /** The JMH benchmark of the rendezvous, for the ids that have one. */
    static final String RENDEZVOUS_BENCHMARK = RendezvousBenchmark.class.getName() + ".exchange";

    /** The JMH benchmark of the fan-out, for the ids that have one. */
    static final String FANOUT_BENCHMARK = FanOutBenchmark.class.getName() + ".run";

    /** Not JMH: the echo servers under wrk (a run's jobs name it like a benchmark). */
    static final String ECHO_BENCHMARK = EchoLoad.class.getName() + ".wrk";

    static String benchmark(Workload workload) {
        return switch (workload) {
            case RING -> BENCHMARK;
            case RENDEZVOUS -> RENDEZVOUS_BENCHMARK;
            case FANOUT -> FANOUT_BENCHMARK;
            case ECHO -> ECHO_BENCHMARK;
        };
    }

    /** The models narrowed to the ids that run {@code workload}. */
    static List<Model> runs(List<Model> models, Workload workload) {
        List<Model> narrowed = new ArrayList<>();
        for (Model m : models) {
            List<RingFactory> ids = m.factories().stream().filter(f -> f.runs(workload)).toList();
            if (!ids.isEmpty()) {
                narrowed.add(new Model(m.name(), ids));
            }
        }
        return narrowed;
    }

    /** One model's selected implementations, in id order. */
    record Model(String name, List<RingFactory> factories) {
        List<String> ids() {
            return factories.stream().map(RingFactory::id).toList();
        }
    }

    private Catalog() {}

    /**
     * The models with at least one id matched by any of {@code includes} (searched with find(),
     * like JMH's own filter; empty = everything), each narrowed to those ids.
     */
    static List<Model> select(RingFactories factories, List<String> includes) {
        List<Pattern> patterns = includes.stream().map(Pattern::compile).toList();
        Map<String, List<RingFactory>> byModel = new LinkedHashMap<>();
        for (RingFactory f : factories.all()) {
            if (patterns.isEmpty() || patterns.stream().anyMatch(p -> p.matcher(f.id()).find())) {
                byModel.computeIfAbsent(model(f.id()), m -> new ArrayList<>()).add(f);
            }
        }
        List<Model> models = new ArrayList<>();
        byModel.forEach((name, list) -> models.add(new Model(name, List.copyOf(list))));
        return models;
    }

    /** The models narrowed to the ids the default sweep runs in {@code workload}. */
    static List<Model> inDefaultSweep(List<Model> models, Workload workload) {
        List<Model> narrowed = new ArrayList<>();
        for (Model m : models) {
            List<RingFactory> ids = m.factories().stream().filter(f -> f.inDefaultSweep(workload)).toList();
            if (!ids.isEmpty()) {
                narrowed.add(new Model(m.name(), ids));
            }
        }
        return narrowed;
    }

    static String model(String id) {
        return id.substring(0, id.indexOf('/'));
    }
}
