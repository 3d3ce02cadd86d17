package threadring.bench.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner's rooms: packages by concern, each importing only the layers below it, every package
 * in a layer, runners apart from each other, no cycle, no class naming another layer's class in a
 * string (where no import shows it); in every module, no source file over {@value #MAX_LINES}
 * lines and no record over {@value #MAX_COMPONENTS} components. Every rule is run on a fixture
 * that breaks it too, to prove it can fail.
 */
class ArchitectureTest {

    static final String ROOT = "threadring.bench";
    static final int MAX_LINES = 450;
    static final int MAX_COMPONENTS = 16;
    static final List<String> RUNNERS = List.of("jmh", "echo", "check", "footprint");

    /**
     * From the top: the command line; the sweep (plans made, sharded, dispatched); what reads
     * finished runs (compare, the docs' pooled answer, export formats); the runners (JMH's jobs and
     * children, the echo server's wing with its jobs, load, report section and options; check,
     * footprint); what every runner is given and implements (plans, the {@code Runner} contract, the
     * run log, progress); each timed workload's own package (its options and report section, found by
     * ServiceLoader: nothing imports them); run folders (merge, jmh-result.json, rendering); a run's answer
     * (each model's fastest form, in tiers, with its ratios: the head of its report and of the docs); the
     * run-to-run components estimated from earlier runs; one run's report (markdown, HTML, charts, the
     * sections every workload shares); each workload's unit as the commands that run it see it
     * (options, baseline, pooling); the options every workload's options plug into; run.json's records; statistics, the counters' probes and utilities. Each
     * layer's packages, in that order.
     */
    static final Map<String, List<String>> LAYERS = layers();

    private static Map<String, List<String>> layers() {
        Map<String, List<String>> layers = new LinkedHashMap<>();
        layers.put("cli", List.of("cli"));
        layers.put("sweep", List.of("sweep"));
        layers.put("readers", List.of("compare", "docs", "export"));
        layers.put("runners", RUNNERS);
        layers.put("plan", List.of("plan"));
        layers.put("workloads", List.of("workloads"));
        layers.put("results", List.of("results"));
        layers.put("answer", List.of("answer"));
        layers.put("rerun", List.of("rerun.estimate"));
        layers.put("report", List.of("report"));
        layers.put("units", List.of("units"));
        layers.put("options", List.of("options"));
        layers.put("data", List.of("data", "rerun.project"));
        layers.put("base", List.of("stats", "rerun.model", "counters", "util"));
        return layers;
    }

    static LayeredArchitecture layers(String root) {
        LayeredArchitecture rule = layeredArchitecture().consideringOnlyDependenciesInLayers()
                .ensureAllClassesAreContainedInArchitecture();
        for (Map.Entry<String, List<String>> l : LAYERS.entrySet()) {
            rule = rule.layer(l.getKey()).definedBy(l.getValue().stream().map(p -> root + "." + p + "..")
                    .toArray(String[]::new));
        }
        return rule.whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("sweep").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("readers").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("runners").mayOnlyBeAccessedByLayers("cli", "sweep")
                .whereLayer("plan").mayOnlyBeAccessedByLayers("cli", "sweep", "runners")
                .whereLayer("workloads").mayNotBeAccessedByAnyLayer()
                .whereLayer("results").mayOnlyBeAccessedByLayers("cli", "sweep", "runners")
                .whereLayer("answer").mayOnlyBeAccessedByLayers("cli", "sweep", "readers", "results")
                .whereLayer("rerun").mayOnlyBeAccessedByLayers("cli", "sweep", "readers", "results")
                .whereLayer("report").mayOnlyBeAccessedByLayers("cli", "sweep", "readers", "runners", "plan",
                        "workloads", "results", "answer", "rerun")
                .whereLayer("units").mayOnlyBeAccessedByLayers("cli", "sweep", "readers", "runners", "workloads", "answer",
                        "report")
                .whereLayer("options").mayOnlyBeAccessedByLayers("cli", "runners", "workloads", "report", "units")
                .whereLayer("data").mayOnlyBeAccessedByLayers("cli", "sweep", "readers", "runners", "plan", "workloads",
                        "results", "answer", "rerun", "report", "options")
                .whereLayer("base").mayOnlyBeAccessedByLayers("cli", "sweep", "readers", "runners", "plan", "workloads",
                        "units", "options", "results", "answer", "rerun", "report", "data");
    }

    /** Each runner is a room of its own: none imports another. */
    static ArchRule runnersApart(String root) {
        List<ArchRule> rules = new ArrayList<>();
        for (String r : RUNNERS) {
            String[] others = RUNNERS.stream().filter(o -> !o.equals(r)).map(o -> root + "." + o + "..")
                    .toArray(String[]::new);
            rules.add(noClasses().that().resideInAPackage(root + "." + r + "..").should().dependOnClassesThat()
                    .resideInAnyPackage(others).allowEmptyShould(true));
        }
        return CompositeArchRule.of(rules);
    }

    /** The packages that take a workload's input (options, sizes, baselines): they ask its unit. */
    static final List<String> INPUT = List.of("cli", "sweep", "jmh", "check", "footprint", "plan", "units", "options");

    /** Input is not registered through the output room: no input package names a report section or their registry. */
    static ArchRule inputAsksTheUnit(String root) {
        return noClasses().that().resideInAnyPackage(INPUT.stream().map(p -> root + "." + p + "..").toArray(String[]::new))
                .should().dependOnClassesThat(DescribedPredicate.describe("a report section",
                        c -> c.getPackageName().equals(root + ".report") && c.getSimpleName().matches(".*Sections?")))
                .allowEmptyShould(true);
    }

    static ArchRule noCycles(String root) {
        return slices().matching(root + ".(**)").should().beFreeOfCycles(); // each package, a subpackage its own
    }

    /** Classes of one package in a cycle (a section that names the registry that lists it, say), top-level classes only. */
    static ArchRule noClassCycles(String pkg) {
        return slices().assignedFrom(new com.tngtech.archunit.library.dependencies.SliceAssignment() {
            @Override
            public com.tngtech.archunit.library.dependencies.SliceIdentifier getIdentifierOf(
                    com.tngtech.archunit.core.domain.JavaClass c) {
                if (!c.getPackageName().equals(pkg)) {
                    return com.tngtech.archunit.library.dependencies.SliceIdentifier.ignore();
                }
                String name = c.getName().substring(pkg.length() + 1);
                return com.tngtech.archunit.library.dependencies.SliceIdentifier.of(name.split("\\$")[0]);
            }

            @Override
            public String getDescription() {
                return "top-level classes of " + pkg;
            }
        }).should().beFreeOfCycles();
    }

    static JavaClasses classes(String root, ImportOption option) {
        return new ClassFileImporter().withImportOption(option).importPackages(root);
    }

    /** Source files under {@code roots} (Java, Kotlin, Scala) over {@link #MAX_LINES} lines. */
    static List<String> tooLong(List<Path> roots) throws IOException {
        List<String> found = new ArrayList<>();
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().matches(".*\\.(java|kt|scala)$")).toList()) {
                    long lines = Files.readAllLines(f).size();
                    if (lines > MAX_LINES) {
                        found.add(f + " (" + lines + " lines)");
                    }
                }
            }
        }
        return found;
    }

    /** Records among {@code classes} with more than {@link #MAX_COMPONENTS} components. */
    static List<String> tooWide(JavaClasses classes) {
        List<String> wide = new ArrayList<>();
        classes.stream().filter(c -> c.isRecord()).forEach(c -> {
            RecordComponent[] components = c.reflect().getRecordComponents();
            if (components.length > MAX_COMPONENTS) {
                wide.add(c.getName() + " (" + components.length + " components)");
            }
        });
        return wide;
    }

    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"");
    private static final Pattern CLASS_NAME = Pattern.compile("threadring(?:\\.[a-z]\\w*)+\\.[A-Z]\\w*");

    /**
     * Java sources under {@code dir} (package {@code root} at {@code dir}) that name a class of
     * another layer in a string literal: a dependency no import shows, which the layer rule cannot see.
     */
    static List<String> namedInStrings(Path dir, String root) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String pkg = root + "." + dir.relativize(f.getParent()).toString().replace('/', '.');
                Optional<String> own = layerOf(pkg, root);
                Matcher literal = STRING.matcher(Files.readString(f));
                while (literal.find()) {
                    Matcher name = CLASS_NAME.matcher(literal.group());
                    while (name.find()) {
                        String named = name.group().substring(0, name.group().lastIndexOf('.'));
                        Optional<String> theirs = layerOf(named, root);
                        if (theirs.isPresent() && !theirs.equals(own)) {
                            found.add(dir.relativize(f) + " names " + name.group() + " (" + theirs.get() + ") in a string");
                        }
                    }
                }
            }
        }
        return found;
    }

    /** The layer of a package under {@code root}, if it is in one. */
    static Optional<String> layerOf(String pkg, String root) {
        if (!pkg.startsWith(root + ".")) {
            return Optional.empty();
        }
        String first = pkg.substring(root.length() + 1).split("\\.")[0];
        return LAYERS.entrySet().stream().filter(l -> l.getValue().contains(first)).map(Map.Entry::getKey).findFirst();
    }

    /** Every module's main source folders, from ring-bench (where the tests run) up to the repository. */
    static List<Path> mainSources() throws IOException {
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            return modules.map(m -> m.resolve("src").resolve("main")).filter(Files::isDirectory).sorted().toList();
        }
    }

    @Test
    void importsRunOnlyDownwardEveryPackageIsInALayerRunnersStayApartAndNoPackagesFormACycle() {
        JavaClasses main = classes(ROOT, ImportOption.Predefined.DO_NOT_INCLUDE_TESTS);
        assertTrue(main.size() > 50, "the runner's classes were imported: " + main.size());
        layers(ROOT).check(main);
        runnersApart(ROOT).check(main);
        inputAsksTheUnit(ROOT).check(main);
        noCycles(ROOT).check(main);
        noClassCycles(ROOT + ".report").check(main);
    }

    @Test
    void noClassNamesAnotherLayersClassInAString() throws IOException {
        assertEquals(List.of(), namedInStrings(Path.of("src/main/java/threadring/bench"), ROOT));
    }

    @Test
    void noSourceFileOfAnyModuleIsOverTheLimitAndNoRecordHasTooManyComponents() throws IOException {
        List<Path> sources = mainSources();
        assertTrue(sources.size() >= 10, "every module's sources were found: " + sources);
        assertEquals(List.of(), tooLong(sources), "source files over " + MAX_LINES + " lines");
        JavaClasses main = classes("threadring", ImportOption.Predefined.DO_NOT_INCLUDE_TESTS);
        assertFalse(main.stream().noneMatch(c -> c.isRecord()), "records were found");
        assertEquals(List.of(), tooWide(main), "records over " + MAX_COMPONENTS + " components");
    }

    static final String FIXTURES = "threadring.archfixture";

    /** Fixtures: data imports the report above it (and util imports data), which with report -> data is a cycle. */
    @Test
    void theLayerAndCycleRulesFailOnAnImportThatRunsBackUp() {
        JavaClasses fixtures = classes(FIXTURES, ImportOption.Predefined.ONLY_INCLUDE_TESTS);
        String report = layers(FIXTURES).evaluate(fixtures).getFailureReport().toString();
        assertTrue(report.contains("threadring.archfixture.data.Upward") && report.contains("archfixture.report.Page"),
                report);
        assertTrue(report.contains("threadring.archfixture.util.Loop"), report);
        assertTrue(noCycles(FIXTURES).evaluate(fixtures).hasViolation(), "data -> report -> data is a cycle");
    }

    /** Fixture: a section and the registry that lists it, each naming the other. */
    @Test
    void theClassCycleRuleFailsOnASectionThatAsksItsRegistry() {
        EvaluationResult r = noClassCycles(FIXTURES + ".report").evaluate(classes(FIXTURES,
                ImportOption.Predefined.ONLY_INCLUDE_TESTS));
        assertTrue(r.hasViolation(), "Section -> Registry -> Section passed");
    }

    /** Fixture: a package in no layer. */
    @Test
    void theLayerRuleFailsOnAPackageOutsideEveryLayer() {
        EvaluationResult r = layers(FIXTURES).evaluate(classes(FIXTURES, ImportOption.Predefined.ONLY_INCLUDE_TESTS));
        assertTrue(r.getFailureReport().toString().contains("threadring.archfixture.stray.Lost"),
                r.getFailureReport().toString());
    }

    /** Fixture: the jmh runner imports the echo runner. */
    @Test
    void theRunnersRuleFailsOnARunnerImportingAnother() {
        EvaluationResult r = runnersApart(FIXTURES).evaluate(classes(FIXTURES,
                ImportOption.Predefined.ONLY_INCLUDE_TESTS));
        assertTrue(r.hasViolation(), "jmh -> echo passed");
        assertTrue(r.getFailureReport().toString().contains("threadring.archfixture.jmh.Job"),
                r.getFailureReport().toString());
    }

    @Test
    void theUnitRuleFailsOnARunnerThatAsksTheReportsSection() {
        EvaluationResult r = inputAsksTheUnit(FIXTURES).evaluate(classes(FIXTURES, ImportOption.Predefined.ONLY_INCLUDE_TESTS));
        assertTrue(r.getFailureReport().toString().contains("threadring.archfixture.footprint.Peak"),
                r.getFailureReport().toString());
    }

    /** Fixture: data names a report class in a string. */
    @Test
    void theStringRuleFailsOnAClassOfAnotherLayerNamedInAString() throws IOException {
        assertEquals(List.of("data/Named.java names threadring.archfixture.report.Page (report) in a string"),
                namedInStrings(Path.of("src/test/java/threadring/archfixture"), FIXTURES));
    }

    /** Fixtures: a file one line over the cap, and a record of 17 components. */
    @Test
    void theSizeRulesFailOnAFileOverTheCapAndAWideRecord(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("Long.kt"), "//\n".repeat(MAX_LINES + 1));
        Files.writeString(dir.resolve("Short.scala"), "//\n".repeat(MAX_LINES));
        assertEquals(List.of(dir.resolve("Long.kt") + " (" + (MAX_LINES + 1) + " lines)"), tooLong(List.of(dir)));
        assertEquals(List.of("threadring.archfixture.data.Wide (17 components)"),
                tooWide(classes(FIXTURES, ImportOption.Predefined.ONLY_INCLUDE_TESTS)));
    }
}
