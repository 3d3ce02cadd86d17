package threadring.bench.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.core.RingFactories;

class CatalogTest {

    /** Every model module is on the class path, and every provider loads in this JVM. */
    @Test
    void everyModelIsRegistered() {
        RingFactories factories = RingFactories.load();
        assertTrue(factories.unloadable().isEmpty(), factories.unloadable().toString());
        assertEquals(List.of("akka", "cats", "coroutines", "floor", "go", "kilim", "netty", "ox", "quasar", "threads", "vertx", "virtual", "zio"),
                Catalog.select(factories, List.of()).stream().map(Catalog.Model::name).toList());
    }

    @Test
    void selectNarrowsEachModelToTheMatchingIds() {
        RingFactories factories = RingFactories.load();
        List<Catalog.Model> park = Catalog.select(factories, List.of("/park$"));
        assertEquals(List.of("threads", "virtual"), park.stream().map(Catalog.Model::name).toList());
        assertEquals(List.of("threads/park"), park.get(0).ids());
        assertEquals(List.of("virtual/park"), park.get(1).ids());
        assertEquals(List.of(), Catalog.select(factories, List.of("no-such-id")));
    }
}
