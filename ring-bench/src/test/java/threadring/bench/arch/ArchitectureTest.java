package threadring.bench.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runner's rooms: packages by concern, each importing only the layers below it, runners
 * apart from each other, no cycle; no source file over {@value #MAX_LINES} lines and no record
 * over {@value #MAX_COMPONENTS} components. The rules are checked on fixtures too, to prove they
 * fail on an import that runs back up.
 */
class ArchitectureTest {

    static final String ROOT = "threadring.bench";
    static final int MAX_LINES = 450;
    static final int MAX_COMPONENTS = 16;
    static final List<String> RUNNERS = List.of("jmh", "echo", "check", "footprint");

    /**
     * From the top: the command line; the sweep (plan, shards, progress); the runners (JMH
     * children, the echo load, check, footprint); run folders (merge, jmh-result.json, rendering);
     * the report (markdown, HTML, charts, compare); run.json's records; statistics and utilities.
     */
    static ArchRule layers(String root) {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("cli").definedBy(root + ".cli..")
                .layer("sweep").definedBy(root + ".sweep..")
                .layer("runners").definedBy(RUNNERS.stream().map(r -> root + "." + r + "..").toArray(String[]::new))
                .layer("results").definedBy(root + ".results..")
                .layer("report").definedBy(root + ".report..")
                .layer("data").definedBy(root + ".data..")
                .layer("base").definedBy(root + ".stats..", root + ".util..")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("sweep").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("runners").mayOnlyBeAccessedByLayers("cli", "sweep")
                .whereLayer("results").mayOnlyBeAccessedByLayers("cli", "sweep", "runners")
                .whereLayer("report").mayOnlyBeAccessedByLayers("cli", "sweep", "runners", "results")
                .whereLayer("data").mayOnlyBeAccessedByLayers("cli", "sweep", "runners", "results", "report")
                .whereLayer("base").mayOnlyBeAccessedByLayers("cli", "sweep", "runners", "results", "report", "data");
    }

    /** Each runner is a room of its own: none imports another. */
    static ArchRule runnersApart(String root) {
        List<ArchRule> rules = new ArrayList<>();
        for (String r : RUNNERS) {
            String[] others = RUNNERS.stream().filter(o -> !o.equals(r)).map(o -> root + "." + o + "..")
                    .toArray(String[]::new);
            rules.add(noClasses().that().resideInAPackage(root + "." + r + "..").should().dependOnClassesThat()
                    .resideInAnyPackage(others));
        }
        return CompositeArchRule.of(rules);
    }

    static ArchRule noCycles(String root) {
        return slices().matching(root + ".(*)..").should().beFreeOfCycles();
    }

    static JavaClasses classes(String root, ImportOption option) {
        return new ClassFileImporter().withImportOption(option).importPackages(root);
    }

    @Test
    void importsRunOnlyDownwardRunnersStayApartAndNoPackagesFormACycle() {
        JavaClasses main = classes(ROOT, ImportOption.Predefined.DO_NOT_INCLUDE_TESTS);
        assertTrue(main.size() > 50, "the runner's classes were imported: " + main.size());
        layers(ROOT).check(main);
        runnersApart(ROOT).check(main);
        noCycles(ROOT).check(main);
    }

    /** The same rules on fixtures with an import from the data layer up to the report: they fail. */
    @Test
    void theRulesFailOnAnImportThatRunsBackUp() {
        JavaClasses fixtures = classes("threadring.archfixture", ImportOption.Predefined.ONLY_INCLUDE_TESTS);
        EvaluationResult layered = layers("threadring.archfixture").evaluate(fixtures);
        assertTrue(layered.hasViolation(), "an upward import passed the layer rule");
        String report = layered.getFailureReport().toString();
        assertTrue(report.contains("threadring.archfixture.data.Upward") && report.contains("archfixture.report.Page"),
                report);
        assertTrue(report.contains("threadring.archfixture.util.Loop"), report);
        assertTrue(noCycles("threadring.archfixture").evaluate(fixtures).hasViolation(),
                "data -> report -> data is a cycle");
    }

    @Test
    void noSourceFileIsOverTheLimitAndNoRecordHasTooManyComponents() throws IOException {
        List<String> long_ = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                long lines = Files.readAllLines(f).size();
                if (lines > MAX_LINES) {
                    long_.add(f + " (" + lines + " lines)");
                }
            }
        }
        assertEquals(List.of(), long_, "source files over " + MAX_LINES + " lines");
        List<String> wide = new ArrayList<>();
        JavaClasses main = classes(ROOT, ImportOption.Predefined.DO_NOT_INCLUDE_TESTS);
        main.stream().filter(c -> c.isRecord()).forEach(c -> {
            RecordComponent[] components = c.reflect().getRecordComponents();
            if (components.length > MAX_COMPONENTS) {
                wide.add(c.getName() + " (" + components.length + " components)");
            }
        });
        assertFalse(main.stream().noneMatch(c -> c.isRecord()), "records were found");
        assertEquals(List.of(), wide, "records over " + MAX_COMPONENTS + " components");
    }
}
