package threadring.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import threadring.bench.data.Json;

/**
 * Published thread-ring figures ({@code threadring/history.json}: the 2014 study, vy/fiber-test's
 * README, the Benchmarks Game), each with its source. Only their ratios compare with a run here:
 * the speed-up of a model over the study's own threads row. Each entry names the ids that match
 * the study's setup ({@code ids}) and, separately, the one-thread variants of the same model.
 */
public final class History {

    public static final String RESOURCE = "/threadring/history.json";
    /** The study whose speed-ups sit next to this run's in every configuration table. */
    public static final String STUDY_2014 = "2014";

    public record Entry(String study, int year, String model, List<String> ids, List<String> oneThreadIds, long nodes,
            long hops, Times ms, Double publishedSpeedup, boolean baseline, String setup, String source) {

        public double nsPerHop() {
            return ms.avg() * 1e6 / hops;
        }
    }

    /** The study's milliseconds per pass of {@code hops} hops: its average, and what else it published. */
    public record Times(Double min, double avg, Double max, Double stddev, Double ciLow, Double ciHigh) {}

    /** The file's shape: a note on the fields and the entries. */
    public record File(String about, List<Entry> entries) {}

    private final List<Entry> entries;

    History(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    private static History standard;

    /** The published figures this threadring ships, loaded once. */
    public static synchronized History standard() {
        if (standard == null) {
            standard = load();
        }
        return standard;
    }

    public static History load() {
        try (InputStream in = History.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            File f = Json.GSON.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8), File.class);
            return new History(f.entries());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public List<Entry> entries() {
        return entries;
    }

    List<Entry> study(String study) {
        return entries.stream().filter(e -> e.study().equals(study)).toList();
    }

    /** The study's speed-up of the entry over its threads row: the published one, else computed. */
    public double speedUp(Entry e) {
        if (e.publishedSpeedup() != null) {
            return e.publishedSpeedup();
        }
        return study(e.study()).stream().filter(Entry::baseline).findFirst()
                .map(b -> b.nsPerHop() / e.nsPerHop()).orElse(Double.NaN);
    }

    /** The study's entry whose setup this id matches. */
    Optional<Entry> sameSetup(String study, String id) {
        return study(study).stream().filter(e -> e.ids().contains(id)).findFirst();
    }

    /** The study's entry of which this id is the one-thread variant. */
    Optional<Entry> oneThreadOf(String study, String id) {
        return study(study).stream().filter(e -> e.oneThreadIds().contains(id)).findFirst();
    }
}
