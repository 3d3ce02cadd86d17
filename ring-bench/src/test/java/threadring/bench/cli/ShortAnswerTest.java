package threadring.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.answer.Glance;
import threadring.bench.answer.Ranking;
import threadring.bench.answer.Rankings;
import threadring.bench.data.RunFile;
import threadring.bench.docs.Pool;
import threadring.bench.docs.Sweeps;
import threadring.bench.report.Board;

/**
 * The short answer measures what the docs' answer table names, and only that: every board's first
 * tier, its next tier's first, the virtual-thread, platform-thread and Go forms, and every
 * workload's baseline, each once.
 */
class ShortAnswerTest {

    private static final Path COMMITTED = Path.of("..", "docs", "results");

    @Test
    void itMeasuresTheFormsTheAnswerTableNamesAndTheBaselines() throws IOException {
        Pool pool = Pool.of(COMMITTED, RunFile.read(Sweeps.newest(COMMITTED)));
        List<String> ids = ShortAnswer.ids(pool);
        assertEquals(ids.size(), ids.stream().distinct().count(), "each id once: " + ids);
        for (Board b : Glance.boards(pool)) {
            String where = b.series().label();
            b.leaders().forEach(e -> assertTrue(ids.contains(e.id()), e.id() + " leads " + where));
            b.next().ifPresent(e -> assertTrue(ids.contains(e.id()), e.id() + " is next in " + where));
            for (String model : List.of(Rankings.VIRTUAL, Rankings.THREADS, Rankings.GO)) {
                b.entries().stream().filter(e -> e.model().equals(model))
                        .forEach(e -> assertTrue(ids.contains(e.id()), e.id() + " answers " + model + " in " + where));
            }
        }
        for (Ranking r : Rankings.of(pool)) {
            r.baseline().ifPresent(base -> assertTrue(ids.contains(base.id()), base.id() + " is a baseline"));
        }
        // and nothing else: a form no column of any table names is left out
        for (String id : ids) {
            boolean named = Glance.boards(pool).stream().anyMatch(b -> b.leaders().stream().anyMatch(e -> e.id().equals(id))
                    || b.next().map(e -> e.id().equals(id)).orElse(false)
                    || b.entries().stream().anyMatch(e -> e.id().equals(id) && ShortAnswer.ANSWERED.contains(e.model())))
                    || Rankings.of(pool).stream().anyMatch(r -> r.baseline().map(x -> x.id().equals(id)).orElse(false));
            assertTrue(named, id + " is named by no column of the answer");
        }
        int fastest = (int) Rankings.of(pool).stream().flatMap(r -> r.entries().stream()).map(e -> e.form().id())
                .distinct().count();
        assertTrue(ids.size() < fastest, ids.size() + " ids, fewer than the " + fastest + " fastest forms of every model");
    }
}
