package threadring.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The JMH benchmarks on the class path and the implementation ids each one measures (its
 * {@code impl} parameter), read from {@code META-INF/BenchmarkList}.
 */
final class Catalog {

    /** One benchmark method, e.g. {@code threadring.threads.ThreadsBenchmark.pass}, and its ids. */
    record Benchmark(String name, List<String> ids) {
        String className() {
            return name.substring(0, name.lastIndexOf('.'));
        }

        String shortName() {
            return className().substring(className().lastIndexOf('.') + 1);
        }

        /** The Java feature release the benchmark class was compiled for (a Loom class needs 21). */
        int javaFeature() {
            String resource = "/" + className().replace('.', '/') + ".class";
            try (InputStream in = Catalog.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("benchmark class not on the class path: " + resource);
                }
                byte[] head = in.readNBytes(8);
                return ((head[6] & 0xff) << 8 | (head[7] & 0xff)) - 44;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private final List<Benchmark> benchmarks;

    Catalog(List<Benchmark> benchmarks) {
        this.benchmarks = List.copyOf(benchmarks);
    }

    static Catalog load() {
        Map<String, List<String>> byName = new TreeMap<>();
        for (BenchmarkListEntry e : BenchmarkList.defaultList()
                .getAll(OutputFormatFactory.createFormatInstance(System.err, VerboseMode.SILENT), List.of())) {
            Map<String, String[]> params = e.getParams().orElse(Collections.emptyMap());
            String[] impl = params.get("impl");
            if (impl == null) {
                throw new IllegalStateException(e.getUsername() + " has no @Param impl naming its ring ids");
            }
            byName.computeIfAbsent(e.getUsername(), k -> new ArrayList<>()).addAll(List.of(impl));
        }
        List<Benchmark> list = new ArrayList<>();
        byName.forEach((name, ids) -> list.add(new Benchmark(name, List.copyOf(ids))));
        return new Catalog(list);
    }

    List<Benchmark> benchmarks() {
        return benchmarks;
    }

    /** Every id some benchmark measures, sorted. */
    List<String> ids() {
        return benchmarks.stream().flatMap(b -> b.ids().stream()).sorted().distinct().collect(Collectors.toList());
    }

    /**
     * The benchmarks that measure at least one id matched by any of {@code includes} (searched
     * with find(), like JMH's own filter; empty = everything), each narrowed to those ids.
     */
    List<Benchmark> select(List<String> includes) {
        List<Pattern> patterns = includes.stream().map(Pattern::compile).collect(Collectors.toList());
        Map<String, Benchmark> selected = new LinkedHashMap<>();
        for (Benchmark b : benchmarks) {
            List<String> ids = b.ids().stream()
                    .filter(id -> patterns.isEmpty() || patterns.stream().anyMatch(p -> p.matcher(id).find()))
                    .collect(Collectors.toList());
            if (!ids.isEmpty()) {
                selected.put(b.name(), new Benchmark(b.name(), ids));
            }
        }
        return new ArrayList<>(selected.values());
    }
}
