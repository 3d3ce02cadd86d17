package threadring.bench.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No class cycle inside any package of the runner, read from the sources: a class
 * names another of its package (in code, not in a comment) and so depends on it, whether or not
 * the bytecode keeps the reference (javac inlines a {@code static final} constant, so a cycle
 * closed by one, as {@code Report.BASELINE} once closed a 13-class cycle in report/, is invisible
 * to a rule on bytecode). Proved able to fail on a cycle closed by a constant.
 */
class SourceCyclesTest {

    /** The runner's sources; ring-core's have a rule of their own ({@link #ringCoreCyclesAreOnlyAWorkloadsContract}). */
    static final List<Path> ROOTS = List.of(Path.of("src", "main", "java"));

    /** ring-core's sources, beside this module's. */
    static final Path CORE = Path.of("..", "ring-core", "src", "main", "java");

    /**
     * The one cycle ring-core's shared package may hold: a workload's contract, whose four types
     * name each other (a size knows its workload and opens a factory's variant; the workload names its
     * size type and its draws; a factory says which workloads it runs; draws are sized on a factory).
     */
    static final Set<String> CONTRACT = Set.of("Draws", "RingFactory", "Size", "Workload");

    /** The cycles (strongly connected sets of two classes or more) among {@code sources}: simple name to source text. */
    static List<Set<String>> cycles(Map<String, String> sources) {
        Map<String, List<String>> edges = new HashMap<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            String code = code(e.getValue());
            List<String> to = new ArrayList<>();
            for (String other : sources.keySet()) {
                if (!other.equals(e.getKey()) && Pattern.compile("(?<![\\w.])" + other + "\\b").matcher(code).find()) {
                    to.add(other);
                }
            }
            edges.put(e.getKey(), to);
        }
        return new Tarjan(edges).components().stream().filter(c -> c.size() > 1).toList();
    }

    /** The source without comments, string and character literals, imports and its package line. */
    static String code(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\n]*", " ")
                .replaceAll("\"[^\"\\\\\n]*+(?:\\\\.[^\"\\\\\n]*+)*+\"", "\"\"").replaceAll("'(?:\\\\.|[^'\\\\])'", "' '")
                .replaceAll("(?m)^(import|package) [^;]*;", " ");
    }

    /** Every package under a source root: its classes by simple name. */
    static Map<String, Map<String, String>> packages(Path root) throws IOException {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String pkg = root.relativize(f.getParent()).toString().replace('/', '.');
                String name = f.getFileName().toString().replace(".java", "");
                out.computeIfAbsent(pkg, k -> new LinkedHashMap<>()).put(name, Files.readString(f));
            }
        }
        return out;
    }

    @Test
    void noPackageHasAClassCycleInItsSources() throws IOException {
        List<String> found = new ArrayList<>();
        int packages = 0;
        for (Path root : ROOTS) {
            for (Map.Entry<String, Map<String, String>> p : packages(root).entrySet()) {
                packages++;
                cycles(p.getValue()).forEach(c -> found.add(p.getKey() + ": " + c));
            }
        }
        assertTrue(packages > 15, "packages read: " + packages);
        assertTrue(found.isEmpty(), "class cycles:\n" + String.join("\n", found));
    }

    /**
     * In ring-core, the shared package's one cycle is the workload contract (the soak, calibration,
     * registry and JMH base stand outside it); each workload's own package is one unit (its
     * contract, size, draws and JMH base name each other, the shape DESIGN.md asks of a workload),
     * and no other package has a cycle.
     */
    @Test
    void ringCoreCyclesAreOnlyAWorkloadsContract() throws IOException {
        Map<String, Map<String, String>> packages = packages(CORE);
        assertEquals(List.of(CONTRACT), cycles(packages.get("threadring.core")).stream().map(Set::copyOf).toList());
        Set<String> units = threadring.core.workloads.Workloads.ALL.stream()
                .map(w -> w.sizeType().getPackageName()).collect(java.util.stream.Collectors.toSet());
        List<String> found = new ArrayList<>();
        packages.forEach((name, classes) -> {
            if (!name.equals("threadring.core") && !units.contains(name)) {
                cycles(classes).forEach(c -> found.add(name + ": " + c));
            }
        });
        assertTrue(packages.size() >= 7, "packages read: " + packages.keySet());
        assertTrue(found.isEmpty(), "class cycles:\n" + String.join("\n", found));
    }

    /**
     * ring-core's packages name each other without a cycle: each workload's package and the registry
     * depend on the shared package, never the other way (the shared package once named the ring's
     * node count, and so hung on the ring's package).
     */
    @Test
    void ringCorePackagesHaveNoCycle() throws IOException {
        Map<String, Map<String, String>> packages = packages(CORE);
        assertTrue(packages.size() >= 7, "packages read: " + packages.keySet());
        assertEquals(List.of(), packageCycles(packages));
    }

    /** The cycles among packages, a package naming another's class by import or by its full name. */
    static List<Set<String>> packageCycles(Map<String, Map<String, String>> packages) {
        Map<String, List<String>> edges = new HashMap<>();
        packages.forEach((name, classes) -> {
            List<String> to = new ArrayList<>();
            packages.forEach((other, theirs) -> {
                if (other.equals(name)) {
                    return;
                }
                boolean names = classes.values().stream().anyMatch(source -> theirs.keySet().stream().anyMatch(c ->
                        Pattern.compile("(?m)^import\\s+" + Pattern.quote(other + "." + c) + "\\s*;").matcher(source).find()
                                || Pattern.compile(Pattern.quote(other + "." + c) + "\\b").matcher(code(source)).find()));
                if (names) {
                    to.add(other);
                }
            });
            edges.put(name, to);
        });
        return new Tarjan(edges).components().stream().filter(c -> c.size() > 1).toList();
    }

    /** Two packages that import each other's classes are a cycle; a comment naming one is not. */
    @Test
    void aPackageCycleIsFound() {
        Map<String, Map<String, String>> packages = Map.of(
                "a", Map.of("A", "package a;\nimport b.B;\nclass A { B b; }"),
                "b", Map.of("B", "package b;\nclass B { a.A a; }"),
                "c", Map.of("C", "package c;\nclass C { /* a.A */ }"));
        assertEquals(List.of(Set.of("a", "b")), packageCycles(packages).stream().map(Set::copyOf).toList());
    }

    /** A cycle closed by a constant, which bytecode does not show, fails the rule; a comment does not make one. */
    @Test
    void aCycleClosedByAConstantIsFound() {
        Map<String, String> sources = Map.of(
                "Report", "final class Report { public static final String BASELINE = \"threads/park\"; Section s; }",
                "Section", "final class Section { String b = Report.BASELINE; }",
                "Chart", "final class Chart { /* Report */ String s = \"Report\"; }");
        List<Set<String>> cycles = cycles(sources);
        assertEquals(List.of(Set.of("Report", "Section")), cycles.stream().map(c -> Set.copyOf(c)).toList());
    }

    /** Tarjan's strongly connected components. */
    private static final class Tarjan {
        private final Map<String, List<String>> edges;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new java.util.HashSet<>();
        private final List<Set<String>> components = new ArrayList<>();
        private int next;

        Tarjan(Map<String, List<String>> edges) {
            this.edges = edges;
        }

        List<Set<String>> components() {
            for (String v : new TreeSet<>(edges.keySet())) {
                if (!index.containsKey(v)) {
                    visit(v);
                }
            }
            return components;
        }

        private void visit(String v) {
            index.put(v, next);
            low.put(v, next);
            next++;
            stack.push(v);
            onStack.add(v);
            for (String w : edges.getOrDefault(v, List.of())) {
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (onStack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                Set<String> c = new TreeSet<>();
                String w;
                do {
                    w = stack.pop();
                    onStack.remove(w);
                    c.add(w);
                } while (!w.equals(v));
                components.add(c);
            }
        }
    }
}
