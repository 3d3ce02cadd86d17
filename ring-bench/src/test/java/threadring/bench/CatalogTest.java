package threadring.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import threadring.core.RingFactories;
import threadring.core.RingFactory;

class CatalogTest {

    /** Nothing registered goes unmeasured, and no benchmark names an id nobody implements. */
    @Test
    void everyImplementationHasExactlyOneBenchmark() {
        List<String> factories = RingFactories.load().all().stream().map(RingFactory::id).collect(Collectors.toList());
        Catalog catalog = Catalog.load();
        List<String> measured = catalog.benchmarks().stream().flatMap(b -> b.ids().stream()).sorted()
                .collect(Collectors.toList());
        assertEquals(factories, measured);
        assertTrue(RingFactories.load().unloadable().isEmpty(), RingFactories.load().unloadable().toString());
    }

    @Test
    void selectNarrowsEachBenchmarkToTheMatchingIds() {
        Catalog catalog = new Catalog(List.of(
                new Catalog.Benchmark("a.ThreadsBenchmark.pass", List.of("threads/park", "threads/lock")),
                new Catalog.Benchmark("b.VirtualBenchmark.pass", List.of("virtual/park", "virtual/lock")),
                new Catalog.Benchmark("b.VirtualOneCarrierBenchmark.pass", List.of("virtual/park-p1"))));
        assertEquals(List.of(new Catalog.Benchmark("a.ThreadsBenchmark.pass", List.of("threads/park")),
                        new Catalog.Benchmark("b.VirtualBenchmark.pass", List.of("virtual/park"))),
                catalog.select(List.of("/park$")));
        assertEquals(3, catalog.select(List.of()).size());
        assertEquals(List.of(), catalog.select(List.of("quasar")));
    }

    @Test
    void loomBenchmarksDeclareJdk21() {
        for (Catalog.Benchmark b : Catalog.load().benchmarks()) {
            int expected = b.ids().get(0).startsWith("virtual/") ? 21 : 17;
            assertEquals(expected, b.javaFeature(), b.name());
        }
    }
}
