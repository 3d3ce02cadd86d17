package threadring.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Published thread-ring figures ({@code threadring/history.csv}: the 2014 study, vy/fiber-test's
 * README, the Benchmarks Game), each with its source. Only their ratios are comparable with a
 * run on this machine: the speed-up of a model over the study's own threads row.
 */
final class History {

    static final String RESOURCE = "/threadring/history.csv";
    /** The study whose speed-ups sit next to this run's in every configuration table. */
    static final String STUDY_2014 = "2014";

    record Entry(String study, int year, String model, List<String> ids, long nodes, long hops, double minMs,
            double avgMs, double maxMs, double stddevMs, double ciLowMs, double ciHighMs, double publishedSpeedup,
            boolean baseline, String setup, String source) {

        double nsPerHop() {
            return avgMs * 1e6 / hops;
        }
    }

    private final List<Entry> entries;

    History(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    static History load() {
        try (InputStream in = History.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static History parse(String csv) {
        List<Entry> list = new ArrayList<>();
        List<String> header = null;
        for (String line : csv.split("\\R")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            List<String> cells = cells(line);
            if (header == null) {
                header = cells;
                continue;
            }
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                m.put(header.get(i), i < cells.size() ? cells.get(i) : "");
            }
            String ids = m.get("ids").trim();
            list.add(new Entry(m.get("study"), Integer.parseInt(m.get("year")), m.get("model"),
                    ids.isEmpty() ? List.of() : Arrays.asList(ids.split("\\s+")), Long.parseLong(m.get("nodes")),
                    Long.parseLong(m.get("hops")), num(m.get("min_ms")), num(m.get("avg_ms")), num(m.get("max_ms")),
                    num(m.get("stddev_ms")), num(m.get("ci_low_ms")), num(m.get("ci_high_ms")),
                    num(m.get("published_speedup")), Boolean.parseBoolean(m.get("baseline")), m.get("setup"),
                    m.get("source")));
        }
        return new History(list);
    }

    /** One CSV line: commas separate, double quotes protect commas ("" is a quote). */
    static List<String> cells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cell.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    private static double num(String s) {
        return s == null || s.isBlank() ? Double.NaN : Double.parseDouble(s.trim());
    }

    List<Entry> entries() {
        return entries;
    }

    /** Studies in file order. */
    List<String> studies() {
        return entries.stream().map(Entry::study).distinct().toList();
    }

    List<Entry> study(String study) {
        return entries.stream().filter(e -> e.study().equals(study)).toList();
    }

    /** The study's speed-up of the entry over its threads row: the published one, else computed. */
    double speedUp(Entry e) {
        if (!Double.isNaN(e.publishedSpeedup())) {
            return e.publishedSpeedup();
        }
        return study(e.study()).stream().filter(Entry::baseline).findFirst()
                .map(b -> b.nsPerHop() / e.nsPerHop()).orElse(Double.NaN);
    }

    /** The study's entry for the same model as one of our ids. */
    Optional<Entry> forId(String study, String id) {
        return study(study).stream().filter(e -> e.ids().contains(id)).findFirst();
    }
}
