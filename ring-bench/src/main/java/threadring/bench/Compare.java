package threadring.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import threadring.bench.RunData.Configuration;
import threadring.bench.RunData.Row;

/**
 * Two runs side by side: per id and configuration (same JDK feature and cpu set label) the ratio
 * B/A of ns per hop, both error bars, and whether the difference is within noise (the two 99.9%
 * confidence intervals overlap, or one of them is unknown). Written to
 * {@code RUN_B/compare-<RUN_A id>.md}; RUN_A is only read.
 */
final class Compare {

    /** One id in one configuration of both runs. */
    record Pair(String configuration, String id, Row a, Row b) {
        double ratio() {
            return b.nsPerHop() / a.nsPerHop();
        }

        /** True when the intervals overlap or one is unknown: the runs do not tell the two apart. */
        boolean withinNoise() {
            if (Double.isNaN(a.ciLow()) || Double.isNaN(b.ciLow()) || Double.isNaN(a.ciHigh())
                    || Double.isNaN(b.ciHigh())) {
                return true;
            }
            return a.ciLowNsPerHop() <= b.ciHighNsPerHop() && b.ciLowNsPerHop() <= a.ciHighNsPerHop();
        }
    }

    private Compare() {}

    /** A run directory, a run id under results/, or "latest". */
    static Path resolve(String command, String arg, Path results) {
        List<Path> candidates = new ArrayList<>();
        candidates.add(Path.of(arg));
        candidates.add(results.resolve(arg));
        for (Path p : candidates) {
            if (RunData.isRun(p)) {
                try {
                    return p.toRealPath();
                } catch (IOException e) {
                    return p.toAbsolutePath().normalize();
                }
            }
        }
        throw new UsageException(command + ": '" + arg + "' is neither a run directory (with env.json) nor a run id under "
                + results);
    }

    /** Writes the comparison into run B and returns its path. */
    static Path write(Path runA, Path runB) throws IOException {
        RunData a = RunData.load(runA);
        RunData b = RunData.load(runB);
        Path out = runB.resolve("compare-" + a.runId() + ".md");
        Path tmp = runB.resolve(out.getFileName() + ".tmp");
        Files.writeString(tmp, render(a, b));
        Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return out;
    }

    static String render(RunData a, RunData b) {
        StringBuilder md = new StringBuilder();
        md.append("# threadring: ").append(b.runId()).append(" (B) vs ").append(a.runId()).append(" (A)\n\n");
        md.append("- A: ").append(describe(a)).append('\n');
        md.append("- B: ").append(describe(b)).append('\n');
        md.append("\nB/A < 1: B is faster. **within noise**: the two 99.9% confidence intervals overlap (or one "
                + "is n/a), so these runs cannot tell the two apart. ns/hop ± JMH's 99.9% error.\n");
        List<String[]> matched = matchConfigurations(a, b);
        for (String[] m : matched) {
            String la = m[0];
            String lb = m[1];
            md.append("\n## ").append(la.equals(lb) ? la : la + " (A) vs " + lb + " (B)").append("\n\n");
            md.append("| id | A ns/hop | B ns/hop | B/A | |\n|---|---:|---:|---:|---|\n");
            List<String> onlyA = new ArrayList<>();
            List<String> onlyB = new ArrayList<>();
            for (Row ra : sorted(a, la)) {
                Optional<Row> rb = b.row(lb, ra.id());
                if (rb.isEmpty()) {
                    onlyA.add(ra.id());
                    continue;
                }
                Pair p = new Pair(la, ra.id(), ra, rb.get());
                md.append("| ").append(p.id()).append(" | ").append(Report.withError(ra.nsPerHop(), ra.errorNsPerHop()))
                        .append(" | ").append(Report.withError(rb.get().nsPerHop(), rb.get().errorNsPerHop()))
                        .append(" | ").append(String.format(Locale.ROOT, "%.2f", p.ratio())).append(" | ")
                        .append(p.withinNoise() ? "within noise" : p.ratio() < 1 ? "B faster" : "B slower")
                        .append(" |\n");
            }
            for (Row rb : sorted(b, lb)) {
                if (a.row(la, rb.id()).isEmpty()) {
                    onlyB.add(rb.id());
                }
            }
            if (!onlyA.isEmpty()) {
                md.append("\n- only in A: ").append(String.join(", ", onlyA));
            }
            if (!onlyB.isEmpty()) {
                md.append("\n- only in B: ").append(String.join(", ", onlyB));
            }
            md.append('\n');
        }
        List<String> unmatchedA = a.configurations.stream().map(Configuration::label)
                .filter(l -> matched.stream().noneMatch(m -> m[0].equals(l))).toList();
        List<String> unmatchedB = b.configurations.stream().map(Configuration::label)
                .filter(l -> matched.stream().noneMatch(m -> m[1].equals(l))).toList();
        if (!unmatchedA.isEmpty() || !unmatchedB.isEmpty()) {
            md.append("\n## Configurations in only one run\n");
            unmatchedA.forEach(l -> md.append("\n- only in A: ").append(l).append(" (").append(ids(a, l)).append(')'));
            unmatchedB.forEach(l -> md.append("\n- only in B: ").append(l).append(" (").append(ids(b, l)).append(')'));
            md.append('\n');
        }
        return md.toString();
    }

    /**
     * Configurations with the same label; if none match and each run has exactly one, those two
     * (e.g. the same sweep on two JDKs).
     */
    static List<String[]> matchConfigurations(RunData a, RunData b) {
        List<String[]> matched = new ArrayList<>();
        for (Configuration c : a.configurations) {
            if (b.configurations.stream().anyMatch(x -> x.label().equals(c.label()))) {
                matched.add(new String[] {c.label(), c.label()});
            }
        }
        if (matched.isEmpty() && a.configurations.size() == 1 && b.configurations.size() == 1) {
            matched.add(new String[] {a.configurations.get(0).label(), b.configurations.get(0).label()});
        }
        return matched;
    }

    private static List<Row> sorted(RunData run, String label) {
        List<Row> rows = new ArrayList<>(run.rows.getOrDefault(label, List.of()));
        rows.sort(java.util.Comparator.comparingDouble(Row::nsPerHop));
        return rows;
    }

    private static String ids(RunData run, String label) {
        List<Row> rows = run.rows.getOrDefault(label, List.of());
        return rows.isEmpty() ? "no results" : rows.size() + " ids";
    }

    private static String describe(RunData run) {
        var m = run.machine();
        StringBuilder s = new StringBuilder(run.runId()).append(" (").append(run.dir).append("), ")
                .append(RunData.str(m, "date")).append(", commit ")
                .append(Optional.ofNullable(RunData.str(m, "gitCommit")).map(c -> c.length() > 12 ? c.substring(0, 12) : c)
                        .orElse("unknown"))
                .append(", ").append(RunData.str(m, "cpuModel"));
        if (RunData.bool(run.options(), "quick")) {
            s.append(", --quick");
        }
        if (!run.complete()) {
            s.append(", incomplete");
        }
        return s.toString();
    }
}
