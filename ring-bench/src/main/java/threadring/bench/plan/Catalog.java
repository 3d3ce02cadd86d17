package threadring.bench.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Workload;

/**
 * What the sweep can measure: every registered implementation id, grouped by model (the module:
 * the part of the id before '/') so that each model runs in a JMH child of its own, narrowed to
 * the ids that run a workload, or to the default sweep's.
 */
public final class Catalog {

    /** One model's selected implementations, in id order. */
    public record Model(String name, List<RingFactory> factories) {
        public List<String> ids() {
            return factories.stream().map(RingFactory::id).toList();
        }
    }

    private Catalog() {}

    /**
     * The models with at least one id matched by any of {@code includes} (searched with find(),
     * like JMH's own filter; empty = everything), each narrowed to those ids.
     */
    public static List<Model> select(RingFactories factories, List<String> includes) {
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

    /** The models narrowed to the ids that run {@code workload}. */
    static List<Model> runs(List<Model> models, Workload workload) {
        return narrowed(models, f -> f.runs(workload));
    }

    /** The models narrowed to the ids the default sweep runs in {@code workload}. */
    static List<Model> inDefaultSweep(List<Model> models, Workload workload) {
        return narrowed(models, f -> f.inDefaultSweep(workload));
    }

    private static List<Model> narrowed(List<Model> models, Predicate<RingFactory> keep) {
        List<Model> narrowed = new ArrayList<>();
        for (Model m : models) {
            List<RingFactory> ids = m.factories().stream().filter(keep).toList();
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
